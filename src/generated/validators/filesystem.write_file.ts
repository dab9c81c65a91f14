// Generated from catalog.yaml — do not edit. Run `toolwright generate`.
// @ts-nocheck — Ajv standalone output is not written to pass the type checker; validators.ts types it.
import { ajvRuntimeModule } from 'toolwright/validator-runtime';
const runtimeHelper0 = ajvRuntimeModule("ajv/dist/runtime/ucs2length");

export const write_file_params = validate2;
const schema2 = {"type":"object","additionalProperties":false,"required":["path","content"],"properties":{"path":{"type":"string","minLength":1,"maxLength":4096,"description":"File path, relative to the workspace root or absolute inside it."},"content":{"type":"string","description":"The complete new content of the file (UTF-8)."}},"$id":"toolwright:filesystem.write_file/params"};
const func0 = runtimeHelper0.default;

function validate2(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:filesystem.write_file/params" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate2.evaluated;
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
if(data.content === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "content"},message:"must have required property '"+"content"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
const _errs1 = errors;
for(const key0 in data){
if(!((key0 === "path") || (key0 === "content"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.path !== undefined){
let data0 = data.path;
const _errs2 = errors;
const _errs3 = errors;
if(typeof data0 === "string"){
if(func0(data0) > 4096){
const err3 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(func0(data0) < 1){
const err4 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
var valid0 = _errs2 === errors;
}
if(data.content !== undefined){
let data1 = data.content;
const _errs4 = errors;
if(typeof data1 !== "string"){
const err6 = {instancePath:instancePath+"/content",schemaPath:"#/properties/content/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
const _errs5 = errors;
var valid0 = _errs4 === errors;
}
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
validate2.errors = vErrors;
return errors === 0;
}
validate2.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const write_file_result = validate3;
const schema3 = {"type":"object","additionalProperties":false,"required":["path","bytes","created"],"properties":{"path":{"type":"string","description":"Workspace-relative path with / separators."},"bytes":{"type":"integer","description":"Number of bytes written."},"created":{"type":"boolean","description":"True when the file did not exist before."},"diagnostics":{"type":"object","additionalProperties":false,"required":["introduced","complete","files_checked"],"description":"Present when a language server covers the file: the errors this change introduced, in the file and in the files that import it (errors that were there before are not listed). complete is false when the time budget ran out first; note says what was not checked.","properties":{"introduced":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["path","line","column","severity","message"],"properties":{"path":{"type":"string","description":"Workspace-relative path."},"line":{"type":"integer","description":"1-based line."},"column":{"type":"integer","description":"1-based column (characters, as read_file shows the line)."},"end_line":{"type":"integer"},"end_column":{"type":"integer"},"severity":{"type":"string","enum":["error","warning","information","hint"]},"message":{"type":"string"},"code":{"type":"string","description":"The server's code for the problem (2322, reportAttributeAccessIssue)."},"source":{"type":"string","description":"Which tool reported it (typescript, Pyright)."}}}},"complete":{"type":"boolean","description":"False when some file was not checked within the time budget (see note)."},"files_checked":{"type":"integer","description":"Files compared before and after the change (the file and those that import it)."},"omitted":{"type":"integer","description":"Introduced errors beyond those listed."},"note":{"type":"string","description":"What was not checked and why (the server still starting, the time budget spent)."}}}},"$id":"toolwright:filesystem.write_file/result"};
const func2 = Object.prototype.hasOwnProperty;

function validate3(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:filesystem.write_file/result" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate3.evaluated;
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
if(data.bytes === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "bytes"},message:"must have required property '"+"bytes"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.created === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "created"},message:"must have required property '"+"created"+"'"};
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
if(!((((key0 === "path") || (key0 === "bytes")) || (key0 === "created")) || (key0 === "diagnostics"))){
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
if(data.path !== undefined){
let data0 = data.path;
const _errs2 = errors;
if(typeof data0 !== "string"){
const err4 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data.bytes !== undefined){
let data1 = data.bytes;
const _errs4 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err5 = {instancePath:instancePath+"/bytes",schemaPath:"#/properties/bytes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data.created !== undefined){
let data2 = data.created;
const _errs6 = errors;
if(typeof data2 !== "boolean"){
const err6 = {instancePath:instancePath+"/created",schemaPath:"#/properties/created/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
const _errs7 = errors;
var valid0 = _errs6 === errors;
}
if(data.diagnostics !== undefined){
let data3 = data.diagnostics;
const _errs8 = errors;
const _errs9 = errors;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.introduced === undefined){
const err7 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/required",keyword:"required",params:{missingProperty: "introduced"},message:"must have required property '"+"introduced"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data3.complete === undefined){
const err8 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/required",keyword:"required",params:{missingProperty: "complete"},message:"must have required property '"+"complete"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data3.files_checked === undefined){
const err9 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/required",keyword:"required",params:{missingProperty: "files_checked"},message:"must have required property '"+"files_checked"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
const _errs10 = errors;
for(const key1 in data3){
if(!(((((key1 === "introduced") || (key1 === "complete")) || (key1 === "files_checked")) || (key1 === "omitted")) || (key1 === "note"))){
const err10 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data3.introduced !== undefined){
let data4 = data3.introduced;
const _errs11 = errors;
const _errs12 = errors;
if(Array.isArray(data4)){
let valid3 = true;
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
let data5 = data4[i0];
const _errs13 = errors;
const _errs14 = errors;
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.path === undefined){
const err11 = {instancePath:instancePath+"/diagnostics/introduced/" + i0,schemaPath:"#/properties/diagnostics/properties/introduced/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data5.line === undefined){
const err12 = {instancePath:instancePath+"/diagnostics/introduced/" + i0,schemaPath:"#/properties/diagnostics/properties/introduced/items/required",keyword:"required",params:{missingProperty: "line"},message:"must have required property '"+"line"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data5.column === undefined){
const err13 = {instancePath:instancePath+"/diagnostics/introduced/" + i0,schemaPath:"#/properties/diagnostics/properties/introduced/items/required",keyword:"required",params:{missingProperty: "column"},message:"must have required property '"+"column"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data5.severity === undefined){
const err14 = {instancePath:instancePath+"/diagnostics/introduced/" + i0,schemaPath:"#/properties/diagnostics/properties/introduced/items/required",keyword:"required",params:{missingProperty: "severity"},message:"must have required property '"+"severity"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data5.message === undefined){
const err15 = {instancePath:instancePath+"/diagnostics/introduced/" + i0,schemaPath:"#/properties/diagnostics/properties/introduced/items/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
const _errs15 = errors;
for(const key2 in data5){
if(!(func2.call(schema3.properties.diagnostics.properties.introduced.items.properties, key2))){
const err16 = {instancePath:instancePath+"/diagnostics/introduced/" + i0,schemaPath:"#/properties/diagnostics/properties/introduced/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data5.path !== undefined){
let data6 = data5.path;
const _errs16 = errors;
if(typeof data6 !== "string"){
const err17 = {instancePath:instancePath+"/diagnostics/introduced/" + i0+"/path",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
const _errs17 = errors;
var valid4 = _errs16 === errors;
}
if(data5.line !== undefined){
let data7 = data5.line;
const _errs18 = errors;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err18 = {instancePath:instancePath+"/diagnostics/introduced/" + i0+"/line",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
const _errs19 = errors;
var valid4 = _errs18 === errors;
}
if(data5.column !== undefined){
let data8 = data5.column;
const _errs20 = errors;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
const err19 = {instancePath:instancePath+"/diagnostics/introduced/" + i0+"/column",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/column/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
const _errs21 = errors;
var valid4 = _errs20 === errors;
}
if(data5.end_line !== undefined){
let data9 = data5.end_line;
const _errs22 = errors;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
const err20 = {instancePath:instancePath+"/diagnostics/introduced/" + i0+"/end_line",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/end_line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
const _errs23 = errors;
var valid4 = _errs22 === errors;
}
if(data5.end_column !== undefined){
let data10 = data5.end_column;
const _errs24 = errors;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err21 = {instancePath:instancePath+"/diagnostics/introduced/" + i0+"/end_column",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/end_column/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
const _errs25 = errors;
var valid4 = _errs24 === errors;
}
if(data5.severity !== undefined){
let data11 = data5.severity;
const _errs26 = errors;
if(typeof data11 !== "string"){
const err22 = {instancePath:instancePath+"/diagnostics/introduced/" + i0+"/severity",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/severity/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
const _errs27 = errors;
const vSchema0 = schema3.properties.diagnostics.properties.introduced.items.properties.severity.enum;
if(!((((data11 === "error") || (data11 === "warning")) || (data11 === "information")) || (data11 === "hint"))){
const err23 = {instancePath:instancePath+"/diagnostics/introduced/" + i0+"/severity",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/severity/enum",keyword:"enum",params:{allowedValues: schema3.properties.diagnostics.properties.introduced.items.properties.severity.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
var valid4 = _errs26 === errors;
}
if(data5.message !== undefined){
let data12 = data5.message;
const _errs28 = errors;
if(typeof data12 !== "string"){
const err24 = {instancePath:instancePath+"/diagnostics/introduced/" + i0+"/message",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
const _errs29 = errors;
var valid4 = _errs28 === errors;
}
if(data5.code !== undefined){
let data13 = data5.code;
const _errs30 = errors;
if(typeof data13 !== "string"){
const err25 = {instancePath:instancePath+"/diagnostics/introduced/" + i0+"/code",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
const _errs31 = errors;
var valid4 = _errs30 === errors;
}
if(data5.source !== undefined){
let data14 = data5.source;
const _errs32 = errors;
if(typeof data14 !== "string"){
const err26 = {instancePath:instancePath+"/diagnostics/introduced/" + i0+"/source",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/source/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
const _errs33 = errors;
var valid4 = _errs32 === errors;
}
}
else {
const err27 = {instancePath:instancePath+"/diagnostics/introduced/" + i0,schemaPath:"#/properties/diagnostics/properties/introduced/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
var valid2 = _errs13 === errors;
if(!valid2){
valid3 = false;
}
}
}
else {
const err28 = {instancePath:instancePath+"/diagnostics/introduced",schemaPath:"#/properties/diagnostics/properties/introduced/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
var valid1 = _errs11 === errors;
}
if(data3.complete !== undefined){
let data15 = data3.complete;
const _errs34 = errors;
if(typeof data15 !== "boolean"){
const err29 = {instancePath:instancePath+"/diagnostics/complete",schemaPath:"#/properties/diagnostics/properties/complete/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
const _errs35 = errors;
var valid1 = _errs34 === errors;
}
if(data3.files_checked !== undefined){
let data16 = data3.files_checked;
const _errs36 = errors;
if(!(((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16))) && (isFinite(data16)))){
const err30 = {instancePath:instancePath+"/diagnostics/files_checked",schemaPath:"#/properties/diagnostics/properties/files_checked/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
const _errs37 = errors;
var valid1 = _errs36 === errors;
}
if(data3.omitted !== undefined){
let data17 = data3.omitted;
const _errs38 = errors;
if(!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))){
const err31 = {instancePath:instancePath+"/diagnostics/omitted",schemaPath:"#/properties/diagnostics/properties/omitted/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
const _errs39 = errors;
var valid1 = _errs38 === errors;
}
if(data3.note !== undefined){
let data18 = data3.note;
const _errs40 = errors;
if(typeof data18 !== "string"){
const err32 = {instancePath:instancePath+"/diagnostics/note",schemaPath:"#/properties/diagnostics/properties/note/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
const _errs41 = errors;
var valid1 = _errs40 === errors;
}
}
else {
const err33 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
var valid0 = _errs8 === errors;
}
}
else {
const err34 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
validate3.errors = vErrors;
return errors === 0;
}
validate3.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
