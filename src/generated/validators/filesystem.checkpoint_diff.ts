// Generated from catalog.yaml — do not edit. Run `toolwright generate`.
// @ts-nocheck — Ajv standalone output is not written to pass the type checker; validators.ts types it.
import { ajvRuntimeModule } from 'toolwright/validator-runtime';
const runtimeHelper0 = ajvRuntimeModule("ajv/dist/runtime/ucs2length");

export const checkpoint_diff_params = validate14;
const schema14 = {"type":"object","additionalProperties":false,"required":["id"],"properties":{"id":{"type":"string","minLength":1,"maxLength":64,"description":"The checkpoint's id, as checkpoint_list shows it (cp-3)."},"scope":{"type":"string","enum":["call","since"],"default":"call","description":"call: that call's changes; since: from before that call to now."}},"$id":"toolwright:filesystem.checkpoint_diff/params"};
const func0 = runtimeHelper0.default;

function validate14(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:filesystem.checkpoint_diff/params" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate14.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.scope === undefined){
data.scope = "call";
}
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
const _errs1 = errors;
for(const key0 in data){
if(!((key0 === "id") || (key0 === "scope"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
const _errs2 = errors;
const _errs3 = errors;
if(typeof data0 === "string"){
if(func0(data0) > 64){
const err2 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(func0(data0) < 1){
const err3 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
var valid0 = _errs2 === errors;
}
let data1 = data.scope;
const _errs4 = errors;
if(typeof data1 !== "string"){
const err5 = {instancePath:instancePath+"/scope",schemaPath:"#/properties/scope/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
const _errs5 = errors;
const vSchema0 = schema14.properties.scope.enum;
if(!((data1 === "call") || (data1 === "since"))){
const err6 = {instancePath:instancePath+"/scope",schemaPath:"#/properties/scope/enum",keyword:"enum",params:{allowedValues: schema14.properties.scope.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
var valid0 = _errs4 === errors;
}
else {
const err7 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
validate14.errors = vErrors;
return errors === 0;
}
validate14.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const checkpoint_diff_result = validate15;
const schema15 = {"type":"object","additionalProperties":false,"required":["id","files","diff"],"properties":{"id":{"type":"string"},"files":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["path","change"],"properties":{"path":{"type":"string","description":"Workspace-relative path with / separators."},"change":{"type":"string","enum":["added","modified","deleted"]},"unavailable":{"type":"string","description":"Why this file's diff cannot be shown (its content was not kept)."}}}},"diff":{"type":"string","description":"Unified diff of every file (binary files named only)."}},"$id":"toolwright:filesystem.checkpoint_diff/result"};

function validate15(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:filesystem.checkpoint_diff/result" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate15.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.files === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "files"},message:"must have required property '"+"files"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.diff === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "diff"},message:"must have required property '"+"diff"+"'"};
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
if(!(((key0 === "id") || (key0 === "files")) || (key0 === "diff"))){
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
if(data.id !== undefined){
let data0 = data.id;
const _errs2 = errors;
if(typeof data0 !== "string"){
const err4 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data.files !== undefined){
let data1 = data.files;
const _errs4 = errors;
const _errs5 = errors;
if(Array.isArray(data1)){
let valid2 = true;
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
const _errs6 = errors;
const _errs7 = errors;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.path === undefined){
const err5 = {instancePath:instancePath+"/files/" + i0,schemaPath:"#/properties/files/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data2.change === undefined){
const err6 = {instancePath:instancePath+"/files/" + i0,schemaPath:"#/properties/files/items/required",keyword:"required",params:{missingProperty: "change"},message:"must have required property '"+"change"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
const _errs8 = errors;
for(const key1 in data2){
if(!(((key1 === "path") || (key1 === "change")) || (key1 === "unavailable"))){
const err7 = {instancePath:instancePath+"/files/" + i0,schemaPath:"#/properties/files/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data2.path !== undefined){
let data3 = data2.path;
const _errs9 = errors;
if(typeof data3 !== "string"){
const err8 = {instancePath:instancePath+"/files/" + i0+"/path",schemaPath:"#/properties/files/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
const _errs10 = errors;
var valid3 = _errs9 === errors;
}
if(data2.change !== undefined){
let data4 = data2.change;
const _errs11 = errors;
if(typeof data4 !== "string"){
const err9 = {instancePath:instancePath+"/files/" + i0+"/change",schemaPath:"#/properties/files/items/properties/change/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
const _errs12 = errors;
const vSchema0 = schema15.properties.files.items.properties.change.enum;
if(!(((data4 === "added") || (data4 === "modified")) || (data4 === "deleted"))){
const err10 = {instancePath:instancePath+"/files/" + i0+"/change",schemaPath:"#/properties/files/items/properties/change/enum",keyword:"enum",params:{allowedValues: schema15.properties.files.items.properties.change.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var valid3 = _errs11 === errors;
}
if(data2.unavailable !== undefined){
let data5 = data2.unavailable;
const _errs13 = errors;
if(typeof data5 !== "string"){
const err11 = {instancePath:instancePath+"/files/" + i0+"/unavailable",schemaPath:"#/properties/files/items/properties/unavailable/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
const _errs14 = errors;
var valid3 = _errs13 === errors;
}
}
else {
const err12 = {instancePath:instancePath+"/files/" + i0,schemaPath:"#/properties/files/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
var valid1 = _errs6 === errors;
if(!valid1){
valid2 = false;
}
}
}
else {
const err13 = {instancePath:instancePath+"/files",schemaPath:"#/properties/files/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
var valid0 = _errs4 === errors;
}
if(data.diff !== undefined){
let data6 = data.diff;
const _errs15 = errors;
if(typeof data6 !== "string"){
const err14 = {instancePath:instancePath+"/diff",schemaPath:"#/properties/diff/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
const _errs16 = errors;
var valid0 = _errs15 === errors;
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
validate15.errors = vErrors;
return errors === 0;
}
validate15.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
