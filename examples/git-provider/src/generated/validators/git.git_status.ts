// Generated from catalog.yaml — do not edit. Run `toolwright generate`.
// @ts-nocheck — Ajv standalone output is not written to pass the type checker; validators.ts types it.
import { ajvRuntimeModule } from 'toolwright/validator-runtime';
const runtimeHelper0 = ajvRuntimeModule("ajv/dist/runtime/ucs2length");

export const git_status_params = validate0;
const schema0 = {"type":"object","additionalProperties":false,"properties":{"path":{"type":"string","minLength":1,"default":".","description":"A folder inside the repository, relative to the workspace."}},"$id":"toolwright:git.git_status/params"};
const func0 = runtimeHelper0.default;

function validate0(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:git.git_status/params" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate0.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.path === undefined){
data.path = ".";
}
const _errs1 = errors;
for(const key0 in data){
if(!(key0 === "path")){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
let data0 = data.path;
const _errs2 = errors;
const _errs3 = errors;
if(typeof data0 === "string"){
if(func0(data0) < 1){
const err1 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
else {
const err2 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
var valid0 = _errs2 === errors;
}
else {
const err3 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
validate0.errors = vErrors;
return errors === 0;
}
validate0.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const git_status_result = validate1;
const schema1 = {"type":"object","additionalProperties":false,"required":["branch","clean","entries"],"properties":{"branch":{"type":["string","null"],"description":"The checked-out branch, or null on a detached HEAD."},"clean":{"type":"boolean","description":"True when nothing is changed, staged or untracked."},"entries":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["path","status","staged"],"properties":{"path":{"type":"string","description":"Path relative to the workspace, with / separators."},"status":{"enum":["modified","added","deleted","renamed","untracked","conflicted"]},"staged":{"type":"boolean","description":"True when the change is in the index."}}}}},"$id":"toolwright:git.git_status/result"};

function validate1(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:git.git_status/result" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate1.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.branch === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "branch"},message:"must have required property '"+"branch"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.clean === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "clean"},message:"must have required property '"+"clean"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.entries === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "entries"},message:"must have required property '"+"entries"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
const _errs1 = errors;
for(const key0 in data){
if(!(((key0 === "branch") || (key0 === "clean")) || (key0 === "entries"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.branch !== undefined){
let data0 = data.branch;
const _errs2 = errors;
if((typeof data0 !== "string") && (data0 !== null)){
const err4 = {instancePath:instancePath+"/branch",schemaPath:"#/properties/branch/type",keyword:"type",params:{type: schema1.properties.branch.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
const _errs3 = errors;
var valid0 = _errs2 === errors;
}
if(data.clean !== undefined){
let data1 = data.clean;
const _errs4 = errors;
if(typeof data1 !== "boolean"){
const err5 = {instancePath:instancePath+"/clean",schemaPath:"#/properties/clean/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
const _errs5 = errors;
var valid0 = _errs4 === errors;
}
if(data.entries !== undefined){
let data2 = data.entries;
const _errs6 = errors;
const _errs7 = errors;
if(Array.isArray(data2)){
let valid2 = true;
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
const _errs8 = errors;
const _errs9 = errors;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.path === undefined){
const err6 = {instancePath:instancePath+"/entries/" + i0,schemaPath:"#/properties/entries/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data3.status === undefined){
const err7 = {instancePath:instancePath+"/entries/" + i0,schemaPath:"#/properties/entries/items/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data3.staged === undefined){
const err8 = {instancePath:instancePath+"/entries/" + i0,schemaPath:"#/properties/entries/items/required",keyword:"required",params:{missingProperty: "staged"},message:"must have required property '"+"staged"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
const _errs10 = errors;
for(const key1 in data3){
if(!(((key1 === "path") || (key1 === "status")) || (key1 === "staged"))){
const err9 = {instancePath:instancePath+"/entries/" + i0,schemaPath:"#/properties/entries/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data3.path !== undefined){
let data4 = data3.path;
const _errs11 = errors;
if(typeof data4 !== "string"){
const err10 = {instancePath:instancePath+"/entries/" + i0+"/path",schemaPath:"#/properties/entries/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
const _errs12 = errors;
var valid3 = _errs11 === errors;
}
if(data3.status !== undefined){
let data5 = data3.status;
const _errs13 = errors;
const vSchema0 = schema1.properties.entries.items.properties.status.enum;
if(!((((((data5 === "modified") || (data5 === "added")) || (data5 === "deleted")) || (data5 === "renamed")) || (data5 === "untracked")) || (data5 === "conflicted"))){
const err11 = {instancePath:instancePath+"/entries/" + i0+"/status",schemaPath:"#/properties/entries/items/properties/status/enum",keyword:"enum",params:{allowedValues: schema1.properties.entries.items.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
var valid3 = _errs13 === errors;
}
if(data3.staged !== undefined){
let data6 = data3.staged;
const _errs14 = errors;
if(typeof data6 !== "boolean"){
const err12 = {instancePath:instancePath+"/entries/" + i0+"/staged",schemaPath:"#/properties/entries/items/properties/staged/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
const _errs15 = errors;
var valid3 = _errs14 === errors;
}
}
else {
const err13 = {instancePath:instancePath+"/entries/" + i0,schemaPath:"#/properties/entries/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
var valid1 = _errs8 === errors;
if(!valid1){
valid2 = false;
}
}
}
else {
const err14 = {instancePath:instancePath+"/entries",schemaPath:"#/properties/entries/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var valid0 = _errs6 === errors;
}
}
else {
const err15 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
validate1.errors = vErrors;
return errors === 0;
}
validate1.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
