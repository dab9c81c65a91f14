// Generated from catalog.yaml — do not edit. Run `toolwright generate`.
// @ts-nocheck — Ajv standalone output is not written to pass the type checker; validators.ts types it.
import { ajvRuntimeModule } from 'toolwright/validator-runtime';
const runtimeHelper0 = ajvRuntimeModule("ajv/dist/runtime/ucs2length");

export const list_directory_params = validate10;
const schema10 = {"type":"object","additionalProperties":false,"properties":{"path":{"type":"string","minLength":1,"maxLength":4096,"default":".","description":"Folder to list, relative to the workspace root or absolute inside it."},"depth":{"type":"integer","minimum":1,"maximum":10,"default":1,"description":"How many levels to list (1 = only the folder's own entries)."},"include_ignored":{"type":"boolean","default":false,"description":"Also list what .gitignore ignores, and .git/."},"limit":{"type":"integer","minimum":1,"maximum":10000,"default":1000,"description":"Maximum number of entries to return."},"offset":{"type":"integer","minimum":0,"maximum":100000000,"default":0,"description":"Skip this many entries of the walk (breadth first, folders first, then by name) before listing; a cut answer's next gives it."}},"$id":"toolwright:filesystem.list_directory/params"};
const func0 = runtimeHelper0.default;

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:filesystem.list_directory/params" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate10.evaluated;
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
if(data.depth === undefined){
data.depth = 1;
}
if(data.include_ignored === undefined){
data.include_ignored = false;
}
if(data.limit === undefined){
data.limit = 1000;
}
if(data.offset === undefined){
data.offset = 0;
}
const _errs1 = errors;
for(const key0 in data){
if(!(((((key0 === "path") || (key0 === "depth")) || (key0 === "include_ignored")) || (key0 === "limit")) || (key0 === "offset"))){
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
if(func0(data0) > 4096){
const err1 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(func0(data0) < 1){
const err2 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
var valid0 = _errs2 === errors;
let data1 = data.depth;
const _errs4 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err4 = {instancePath:instancePath+"/depth",schemaPath:"#/properties/depth/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
const _errs5 = errors;
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 > 10 || isNaN(data1)){
const err5 = {instancePath:instancePath+"/depth",schemaPath:"#/properties/depth/maximum",keyword:"maximum",params:{comparison: "<=", limit: 10},message:"must be <= 10"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data1 < 1 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/depth",schemaPath:"#/properties/depth/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
var valid0 = _errs4 === errors;
let data2 = data.include_ignored;
const _errs6 = errors;
if(typeof data2 !== "boolean"){
const err7 = {instancePath:instancePath+"/include_ignored",schemaPath:"#/properties/include_ignored/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
const _errs7 = errors;
var valid0 = _errs6 === errors;
let data3 = data.limit;
const _errs8 = errors;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err8 = {instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
const _errs9 = errors;
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 > 10000 || isNaN(data3)){
const err9 = {instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/maximum",keyword:"maximum",params:{comparison: "<=", limit: 10000},message:"must be <= 10000"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data3 < 1 || isNaN(data3)){
const err10 = {instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
var valid0 = _errs8 === errors;
let data4 = data.offset;
const _errs10 = errors;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err11 = {instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
const _errs11 = errors;
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 > 100000000 || isNaN(data4)){
const err12 = {instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100000000},message:"must be <= 100000000"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data4 < 0 || isNaN(data4)){
const err13 = {instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
var valid0 = _errs10 === errors;
}
else {
const err14 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}
validate10.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const list_directory_result = validate11;
const schema11 = {"type":"object","additionalProperties":false,"required":["path","entries","truncated","ignored"],"properties":{"path":{"type":"string","description":"The listed folder, workspace-relative ('.' for the root)."},"entries":{"type":"array","description":"Entries in tree order (each folder followed by its own entries when depth > 1).","items":{"type":"object","additionalProperties":false,"required":["path","type"],"properties":{"path":{"type":"string","description":"Workspace-relative path with / separators."},"type":{"type":"string","enum":["file","dir","symlink","other"],"description":"What the entry is (a symlink is not followed)."},"size":{"type":"integer","description":"Size in bytes (files and other non-folders)."},"target":{"type":"string","description":"Where a symlink points (as written in the link)."}}}},"truncated":{"type":"boolean","description":"True when more entries exist than were returned."},"ignored":{"type":"integer","description":"Entries hidden because .gitignore ignores them or they are .git (in the folders read)."},"next":{"type":"object","additionalProperties":false,"required":["offset"],"description":"The exact arguments of the list_directory call that lists the entries after these (offset moved on); absent when the listing is complete.","properties":{"path":{"type":"string"},"depth":{"type":"integer"},"include_ignored":{"type":"boolean"},"limit":{"type":"integer"},"offset":{"type":"integer"}}}},"$id":"toolwright:filesystem.list_directory/result"};

function validate11(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:filesystem.list_directory/result" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate11.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.path === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.entries === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "entries"},message:"must have required property '"+"entries"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.truncated === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "truncated"},message:"must have required property '"+"truncated"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.ignored === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "ignored"},message:"must have required property '"+"ignored"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
const _errs1 = errors;
for(const key0 in data){
if(!(((((key0 === "path") || (key0 === "entries")) || (key0 === "truncated")) || (key0 === "ignored")) || (key0 === "next"))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.path !== undefined){
let data0 = data.path;
const _errs2 = errors;
if(typeof data0 !== "string"){
const err5 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
const _errs3 = errors;
var valid0 = _errs2 === errors;
}
if(data.entries !== undefined){
let data1 = data.entries;
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
const err6 = {instancePath:instancePath+"/entries/" + i0,schemaPath:"#/properties/entries/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data2.type === undefined){
const err7 = {instancePath:instancePath+"/entries/" + i0,schemaPath:"#/properties/entries/items/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
const _errs8 = errors;
for(const key1 in data2){
if(!((((key1 === "path") || (key1 === "type")) || (key1 === "size")) || (key1 === "target"))){
const err8 = {instancePath:instancePath+"/entries/" + i0,schemaPath:"#/properties/entries/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data2.path !== undefined){
let data3 = data2.path;
const _errs9 = errors;
if(typeof data3 !== "string"){
const err9 = {instancePath:instancePath+"/entries/" + i0+"/path",schemaPath:"#/properties/entries/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
const _errs10 = errors;
var valid3 = _errs9 === errors;
}
if(data2.type !== undefined){
let data4 = data2.type;
const _errs11 = errors;
if(typeof data4 !== "string"){
const err10 = {instancePath:instancePath+"/entries/" + i0+"/type",schemaPath:"#/properties/entries/items/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
const _errs12 = errors;
const vSchema0 = schema11.properties.entries.items.properties.type.enum;
if(!((((data4 === "file") || (data4 === "dir")) || (data4 === "symlink")) || (data4 === "other"))){
const err11 = {instancePath:instancePath+"/entries/" + i0+"/type",schemaPath:"#/properties/entries/items/properties/type/enum",keyword:"enum",params:{allowedValues: schema11.properties.entries.items.properties.type.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
var valid3 = _errs11 === errors;
}
if(data2.size !== undefined){
let data5 = data2.size;
const _errs13 = errors;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err12 = {instancePath:instancePath+"/entries/" + i0+"/size",schemaPath:"#/properties/entries/items/properties/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
const _errs14 = errors;
var valid3 = _errs13 === errors;
}
if(data2.target !== undefined){
let data6 = data2.target;
const _errs15 = errors;
if(typeof data6 !== "string"){
const err13 = {instancePath:instancePath+"/entries/" + i0+"/target",schemaPath:"#/properties/entries/items/properties/target/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
const _errs16 = errors;
var valid3 = _errs15 === errors;
}
}
else {
const err14 = {instancePath:instancePath+"/entries/" + i0,schemaPath:"#/properties/entries/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
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
const err15 = {instancePath:instancePath+"/entries",schemaPath:"#/properties/entries/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
var valid0 = _errs4 === errors;
}
if(data.truncated !== undefined){
let data7 = data.truncated;
const _errs17 = errors;
if(typeof data7 !== "boolean"){
const err16 = {instancePath:instancePath+"/truncated",schemaPath:"#/properties/truncated/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
const _errs18 = errors;
var valid0 = _errs17 === errors;
}
if(data.ignored !== undefined){
let data8 = data.ignored;
const _errs19 = errors;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
const err17 = {instancePath:instancePath+"/ignored",schemaPath:"#/properties/ignored/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
const _errs20 = errors;
var valid0 = _errs19 === errors;
}
if(data.next !== undefined){
let data9 = data.next;
const _errs21 = errors;
const _errs22 = errors;
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
if(data9.offset === undefined){
const err18 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/required",keyword:"required",params:{missingProperty: "offset"},message:"must have required property '"+"offset"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
const _errs23 = errors;
for(const key2 in data9){
if(!(((((key2 === "path") || (key2 === "depth")) || (key2 === "include_ignored")) || (key2 === "limit")) || (key2 === "offset"))){
const err19 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data9.path !== undefined){
let data10 = data9.path;
const _errs24 = errors;
if(typeof data10 !== "string"){
const err20 = {instancePath:instancePath+"/next/path",schemaPath:"#/properties/next/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
const _errs25 = errors;
var valid4 = _errs24 === errors;
}
if(data9.depth !== undefined){
let data11 = data9.depth;
const _errs26 = errors;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
const err21 = {instancePath:instancePath+"/next/depth",schemaPath:"#/properties/next/properties/depth/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
const _errs27 = errors;
var valid4 = _errs26 === errors;
}
if(data9.include_ignored !== undefined){
let data12 = data9.include_ignored;
const _errs28 = errors;
if(typeof data12 !== "boolean"){
const err22 = {instancePath:instancePath+"/next/include_ignored",schemaPath:"#/properties/next/properties/include_ignored/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
const _errs29 = errors;
var valid4 = _errs28 === errors;
}
if(data9.limit !== undefined){
let data13 = data9.limit;
const _errs30 = errors;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
const err23 = {instancePath:instancePath+"/next/limit",schemaPath:"#/properties/next/properties/limit/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
const _errs31 = errors;
var valid4 = _errs30 === errors;
}
if(data9.offset !== undefined){
let data14 = data9.offset;
const _errs32 = errors;
if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){
const err24 = {instancePath:instancePath+"/next/offset",schemaPath:"#/properties/next/properties/offset/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
const _errs33 = errors;
var valid4 = _errs32 === errors;
}
}
else {
const err25 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
var valid0 = _errs21 === errors;
}
}
else {
const err26 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
validate11.errors = vErrors;
return errors === 0;
}
validate11.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
