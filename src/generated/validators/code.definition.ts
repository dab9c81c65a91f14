// Generated from catalog.yaml — do not edit. Run `toolwright generate`.
// @ts-nocheck — Ajv standalone output is not written to pass the type checker; validators.ts types it.
import { ajvRuntimeModule } from 'toolwright/validator-runtime';
const runtimeHelper0 = ajvRuntimeModule("ajv/dist/runtime/ucs2length");

export const definition_params = validate2;
const schema2 = {"type":"object","additionalProperties":false,"properties":{"path":{"type":"string","minLength":1,"maxLength":4096,"description":"The file of the position (with line and column), or the file to look for `symbol` in."},"line":{"type":"integer","minimum":1,"description":"1-based line of the position."},"column":{"type":"integer","minimum":1,"description":"1-based column of the position (characters, as read_file shows the line); any character of the name."},"symbol":{"type":"string","minLength":1,"maxLength":500,"description":"Instead of a position: the symbol's name, with its containers joined by dots (Foo.bar, module.function)."},"timeout_ms":{"type":"integer","minimum":100,"maximum":300000,"default":60000,"description":"How long to wait for the language server, its start included."}},"$id":"toolwright:code.definition/params"};
const func0 = runtimeHelper0.default;

function validate2(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:code.definition/params" */;
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
if(data.timeout_ms === undefined){
data.timeout_ms = 60000;
}
const _errs1 = errors;
for(const key0 in data){
if(!(((((key0 === "path") || (key0 === "line")) || (key0 === "column")) || (key0 === "symbol")) || (key0 === "timeout_ms"))){
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
if(data.path !== undefined){
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
}
if(data.line !== undefined){
let data1 = data.line;
const _errs4 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err4 = {instancePath:instancePath+"/line",schemaPath:"#/properties/line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data1 < 1 || isNaN(data1)){
const err5 = {instancePath:instancePath+"/line",schemaPath:"#/properties/line/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
var valid0 = _errs4 === errors;
}
if(data.column !== undefined){
let data2 = data.column;
const _errs6 = errors;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err6 = {instancePath:instancePath+"/column",schemaPath:"#/properties/column/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
const _errs7 = errors;
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 1 || isNaN(data2)){
const err7 = {instancePath:instancePath+"/column",schemaPath:"#/properties/column/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
var valid0 = _errs6 === errors;
}
if(data.symbol !== undefined){
let data3 = data.symbol;
const _errs8 = errors;
const _errs9 = errors;
if(typeof data3 === "string"){
if(func0(data3) > 500){
const err8 = {instancePath:instancePath+"/symbol",schemaPath:"#/properties/symbol/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(func0(data3) < 1){
const err9 = {instancePath:instancePath+"/symbol",schemaPath:"#/properties/symbol/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/symbol",schemaPath:"#/properties/symbol/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var valid0 = _errs8 === errors;
}
let data4 = data.timeout_ms;
const _errs10 = errors;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err11 = {instancePath:instancePath+"/timeout_ms",schemaPath:"#/properties/timeout_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data4 > 300000 || isNaN(data4)){
const err12 = {instancePath:instancePath+"/timeout_ms",schemaPath:"#/properties/timeout_ms/maximum",keyword:"maximum",params:{comparison: "<=", limit: 300000},message:"must be <= 300000"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data4 < 100 || isNaN(data4)){
const err13 = {instancePath:instancePath+"/timeout_ms",schemaPath:"#/properties/timeout_ms/minimum",keyword:"minimum",params:{comparison: ">=", limit: 100},message:"must be >= 100"};
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
validate2.errors = vErrors;
return errors === 0;
}
validate2.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const definition_result = validate3;
const schema3 = {"type":"object","additionalProperties":false,"required":["definitions"],"properties":{"definitions":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["path","line","column"],"properties":{"path":{"type":"string","description":"Workspace-relative path; an absolute one for a file outside the workspace (a library's declarations)."},"line":{"type":"integer","description":"1-based line."},"column":{"type":"integer","description":"1-based column."},"end_line":{"type":"integer"},"end_column":{"type":"integer"},"text":{"type":"string","description":"The line's text (cut at 200 characters)."},"outside_workspace":{"type":"boolean","description":"True for a file outside the workspace (read_file cannot open it)."}}}},"notes":{"type":"array","items":{"type":"string"},"description":"What was left out and why (files no server covers, files past the count checked)."}},"$id":"toolwright:code.definition/result"};

function validate3(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:code.definition/result" */;
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
if(data.definitions === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "definitions"},message:"must have required property '"+"definitions"+"'"};
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
if(!((key0 === "definitions") || (key0 === "notes"))){
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
if(data.definitions !== undefined){
let data0 = data.definitions;
const _errs2 = errors;
const _errs3 = errors;
if(Array.isArray(data0)){
let valid2 = true;
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
let data1 = data0[i0];
const _errs4 = errors;
const _errs5 = errors;
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.path === undefined){
const err2 = {instancePath:instancePath+"/definitions/" + i0,schemaPath:"#/properties/definitions/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data1.line === undefined){
const err3 = {instancePath:instancePath+"/definitions/" + i0,schemaPath:"#/properties/definitions/items/required",keyword:"required",params:{missingProperty: "line"},message:"must have required property '"+"line"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data1.column === undefined){
const err4 = {instancePath:instancePath+"/definitions/" + i0,schemaPath:"#/properties/definitions/items/required",keyword:"required",params:{missingProperty: "column"},message:"must have required property '"+"column"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
const _errs6 = errors;
for(const key1 in data1){
if(!(((((((key1 === "path") || (key1 === "line")) || (key1 === "column")) || (key1 === "end_line")) || (key1 === "end_column")) || (key1 === "text")) || (key1 === "outside_workspace"))){
const err5 = {instancePath:instancePath+"/definitions/" + i0,schemaPath:"#/properties/definitions/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data1.path !== undefined){
let data2 = data1.path;
const _errs7 = errors;
if(typeof data2 !== "string"){
const err6 = {instancePath:instancePath+"/definitions/" + i0+"/path",schemaPath:"#/properties/definitions/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
const _errs8 = errors;
var valid3 = _errs7 === errors;
}
if(data1.line !== undefined){
let data3 = data1.line;
const _errs9 = errors;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err7 = {instancePath:instancePath+"/definitions/" + i0+"/line",schemaPath:"#/properties/definitions/items/properties/line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
const _errs10 = errors;
var valid3 = _errs9 === errors;
}
if(data1.column !== undefined){
let data4 = data1.column;
const _errs11 = errors;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err8 = {instancePath:instancePath+"/definitions/" + i0+"/column",schemaPath:"#/properties/definitions/items/properties/column/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
const _errs12 = errors;
var valid3 = _errs11 === errors;
}
if(data1.end_line !== undefined){
let data5 = data1.end_line;
const _errs13 = errors;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err9 = {instancePath:instancePath+"/definitions/" + i0+"/end_line",schemaPath:"#/properties/definitions/items/properties/end_line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
const _errs14 = errors;
var valid3 = _errs13 === errors;
}
if(data1.end_column !== undefined){
let data6 = data1.end_column;
const _errs15 = errors;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err10 = {instancePath:instancePath+"/definitions/" + i0+"/end_column",schemaPath:"#/properties/definitions/items/properties/end_column/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
const _errs16 = errors;
var valid3 = _errs15 === errors;
}
if(data1.text !== undefined){
let data7 = data1.text;
const _errs17 = errors;
if(typeof data7 !== "string"){
const err11 = {instancePath:instancePath+"/definitions/" + i0+"/text",schemaPath:"#/properties/definitions/items/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
const _errs18 = errors;
var valid3 = _errs17 === errors;
}
if(data1.outside_workspace !== undefined){
let data8 = data1.outside_workspace;
const _errs19 = errors;
if(typeof data8 !== "boolean"){
const err12 = {instancePath:instancePath+"/definitions/" + i0+"/outside_workspace",schemaPath:"#/properties/definitions/items/properties/outside_workspace/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
const _errs20 = errors;
var valid3 = _errs19 === errors;
}
}
else {
const err13 = {instancePath:instancePath+"/definitions/" + i0,schemaPath:"#/properties/definitions/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
var valid1 = _errs4 === errors;
if(!valid1){
valid2 = false;
}
}
}
else {
const err14 = {instancePath:instancePath+"/definitions",schemaPath:"#/properties/definitions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var valid0 = _errs2 === errors;
}
if(data.notes !== undefined){
let data9 = data.notes;
const _errs21 = errors;
const _errs22 = errors;
if(Array.isArray(data9)){
let valid5 = true;
const len1 = data9.length;
for(let i1=0; i1<len1; i1++){
let data10 = data9[i1];
const _errs23 = errors;
if(typeof data10 !== "string"){
const err15 = {instancePath:instancePath+"/notes/" + i1,schemaPath:"#/properties/notes/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
const _errs24 = errors;
var valid4 = _errs23 === errors;
if(!valid4){
valid5 = false;
}
}
}
else {
const err16 = {instancePath:instancePath+"/notes",schemaPath:"#/properties/notes/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
var valid0 = _errs21 === errors;
}
}
else {
const err17 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
validate3.errors = vErrors;
return errors === 0;
}
validate3.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
