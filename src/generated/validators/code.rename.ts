// Generated from catalog.yaml — do not edit. Run `toolwright generate`.
// @ts-nocheck — Ajv standalone output is not written to pass the type checker; validators.ts types it.
import { ajvRuntimeModule } from 'toolwright/validator-runtime';
const runtimeHelper0 = ajvRuntimeModule("ajv/dist/runtime/ucs2length");

export const rename_params = validate9;
const schema9 = {"type":"object","additionalProperties":false,"required":["new_name"],"properties":{"path":{"type":"string","minLength":1,"maxLength":4096,"description":"The file of the position (with line and column), or the file to look for `symbol` in."},"line":{"type":"integer","minimum":1,"description":"1-based line of the position."},"column":{"type":"integer","minimum":1,"description":"1-based column of the position (characters, as read_file shows the line); any character of the name."},"symbol":{"type":"string","minLength":1,"maxLength":500,"description":"Instead of a position: the symbol's name, with its containers joined by dots (Foo.bar, module.function)."},"new_name":{"type":"string","minLength":1,"maxLength":500,"description":"The new name."},"dry_run":{"type":"boolean","default":true,"description":"Return the diff without writing (default); false applies it."},"timeout_ms":{"type":"integer","minimum":100,"maximum":300000,"default":60000,"description":"How long to wait for the language server, its start included."}},"$id":"toolwright:code.rename/params"};
const func0 = runtimeHelper0.default;

function validate9(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:code.rename/params" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate9.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.dry_run === undefined){
data.dry_run = true;
}
if(data.timeout_ms === undefined){
data.timeout_ms = 60000;
}
if(data.new_name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "new_name"},message:"must have required property '"+"new_name"+"'"};
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
if(!(((((((key0 === "path") || (key0 === "line")) || (key0 === "column")) || (key0 === "symbol")) || (key0 === "new_name")) || (key0 === "dry_run")) || (key0 === "timeout_ms"))){
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
if(data.path !== undefined){
let data0 = data.path;
const _errs2 = errors;
const _errs3 = errors;
if(typeof data0 === "string"){
if(func0(data0) > 4096){
const err2 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(func0(data0) < 1){
const err3 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err4 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data.line !== undefined){
let data1 = data.line;
const _errs4 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err5 = {instancePath:instancePath+"/line",schemaPath:"#/properties/line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
const _errs5 = errors;
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 1 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/line",schemaPath:"#/properties/line/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
}
if(data.column !== undefined){
let data2 = data.column;
const _errs6 = errors;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err7 = {instancePath:instancePath+"/column",schemaPath:"#/properties/column/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
const _errs7 = errors;
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 1 || isNaN(data2)){
const err8 = {instancePath:instancePath+"/column",schemaPath:"#/properties/column/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
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
const err9 = {instancePath:instancePath+"/symbol",schemaPath:"#/properties/symbol/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(func0(data3) < 1){
const err10 = {instancePath:instancePath+"/symbol",schemaPath:"#/properties/symbol/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/symbol",schemaPath:"#/properties/symbol/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
var valid0 = _errs8 === errors;
}
if(data.new_name !== undefined){
let data4 = data.new_name;
const _errs10 = errors;
const _errs11 = errors;
if(typeof data4 === "string"){
if(func0(data4) > 500){
const err12 = {instancePath:instancePath+"/new_name",schemaPath:"#/properties/new_name/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(func0(data4) < 1){
const err13 = {instancePath:instancePath+"/new_name",schemaPath:"#/properties/new_name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/new_name",schemaPath:"#/properties/new_name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var valid0 = _errs10 === errors;
}
let data5 = data.dry_run;
const _errs12 = errors;
if(typeof data5 !== "boolean"){
const err15 = {instancePath:instancePath+"/dry_run",schemaPath:"#/properties/dry_run/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
const _errs13 = errors;
var valid0 = _errs12 === errors;
let data6 = data.timeout_ms;
const _errs14 = errors;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err16 = {instancePath:instancePath+"/timeout_ms",schemaPath:"#/properties/timeout_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
const _errs15 = errors;
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 > 300000 || isNaN(data6)){
const err17 = {instancePath:instancePath+"/timeout_ms",schemaPath:"#/properties/timeout_ms/maximum",keyword:"maximum",params:{comparison: "<=", limit: 300000},message:"must be <= 300000"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data6 < 100 || isNaN(data6)){
const err18 = {instancePath:instancePath+"/timeout_ms",schemaPath:"#/properties/timeout_ms/minimum",keyword:"minimum",params:{comparison: ">=", limit: 100},message:"must be >= 100"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
var valid0 = _errs14 === errors;
}
else {
const err19 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
validate9.errors = vErrors;
return errors === 0;
}
validate9.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const rename_result = validate10;
const schema10 = {"type":"object","additionalProperties":false,"required":["files","replacements","diff","dry_run"],"properties":{"files":{"type":"array","items":{"type":"string"},"description":"Workspace-relative paths of the files the rename changes."},"replacements":{"type":"integer","description":"Text edits over all files."},"diff":{"type":"string","description":"Unified diff of every file."},"dry_run":{"type":"boolean","description":"True when nothing was written."},"diagnostics":{"type":"object","additionalProperties":false,"required":["introduced","complete","files_checked"],"description":"Present when a language server covers the file: the errors this change introduced, in the file and in the files that import it (errors that were there before are not listed). complete is false when the time budget ran out first; note says what was not checked.","properties":{"introduced":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["path","line","column","severity","message"],"properties":{"path":{"type":"string","description":"Workspace-relative path."},"line":{"type":"integer","description":"1-based line."},"column":{"type":"integer","description":"1-based column (characters, as read_file shows the line)."},"end_line":{"type":"integer"},"end_column":{"type":"integer"},"severity":{"type":"string","enum":["error","warning","information","hint"]},"message":{"type":"string"},"code":{"type":"string","description":"The server's code for the problem (2322, reportAttributeAccessIssue)."},"source":{"type":"string","description":"Which tool reported it (typescript, Pyright)."}}}},"complete":{"type":"boolean","description":"False when some file was not checked within the time budget (see note)."},"files_checked":{"type":"integer","description":"Files compared before and after the change (the file and those that import it)."},"omitted":{"type":"integer","description":"Introduced errors beyond those listed."},"note":{"type":"string","description":"What was not checked and why (the server still starting, the time budget spent)."}}},"notes":{"type":"array","items":{"type":"string"},"description":"What was left out and why (files no server covers, files past the count checked)."}},"$id":"toolwright:code.rename/result"};
const func2 = Object.prototype.hasOwnProperty;

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:code.rename/result" */;
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
if(data.files === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "files"},message:"must have required property '"+"files"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.replacements === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "replacements"},message:"must have required property '"+"replacements"+"'"};
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
if(data.dry_run === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "dry_run"},message:"must have required property '"+"dry_run"+"'"};
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
if(!((((((key0 === "files") || (key0 === "replacements")) || (key0 === "diff")) || (key0 === "dry_run")) || (key0 === "diagnostics")) || (key0 === "notes"))){
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
if(data.files !== undefined){
let data0 = data.files;
const _errs2 = errors;
const _errs3 = errors;
if(Array.isArray(data0)){
let valid2 = true;
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
let data1 = data0[i0];
const _errs4 = errors;
if(typeof data1 !== "string"){
const err5 = {instancePath:instancePath+"/files/" + i0,schemaPath:"#/properties/files/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
const _errs5 = errors;
var valid1 = _errs4 === errors;
if(!valid1){
valid2 = false;
}
}
}
else {
const err6 = {instancePath:instancePath+"/files",schemaPath:"#/properties/files/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
var valid0 = _errs2 === errors;
}
if(data.replacements !== undefined){
let data2 = data.replacements;
const _errs6 = errors;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err7 = {instancePath:instancePath+"/replacements",schemaPath:"#/properties/replacements/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
}
if(data.diff !== undefined){
let data3 = data.diff;
const _errs8 = errors;
if(typeof data3 !== "string"){
const err8 = {instancePath:instancePath+"/diff",schemaPath:"#/properties/diff/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
const _errs9 = errors;
var valid0 = _errs8 === errors;
}
if(data.dry_run !== undefined){
let data4 = data.dry_run;
const _errs10 = errors;
if(typeof data4 !== "boolean"){
const err9 = {instancePath:instancePath+"/dry_run",schemaPath:"#/properties/dry_run/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
const _errs11 = errors;
var valid0 = _errs10 === errors;
}
if(data.diagnostics !== undefined){
let data5 = data.diagnostics;
const _errs12 = errors;
const _errs13 = errors;
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.introduced === undefined){
const err10 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/required",keyword:"required",params:{missingProperty: "introduced"},message:"must have required property '"+"introduced"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data5.complete === undefined){
const err11 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/required",keyword:"required",params:{missingProperty: "complete"},message:"must have required property '"+"complete"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data5.files_checked === undefined){
const err12 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/required",keyword:"required",params:{missingProperty: "files_checked"},message:"must have required property '"+"files_checked"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
const _errs14 = errors;
for(const key1 in data5){
if(!(((((key1 === "introduced") || (key1 === "complete")) || (key1 === "files_checked")) || (key1 === "omitted")) || (key1 === "note"))){
const err13 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data5.introduced !== undefined){
let data6 = data5.introduced;
const _errs15 = errors;
const _errs16 = errors;
if(Array.isArray(data6)){
let valid5 = true;
const len1 = data6.length;
for(let i1=0; i1<len1; i1++){
let data7 = data6[i1];
const _errs17 = errors;
const _errs18 = errors;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.path === undefined){
const err14 = {instancePath:instancePath+"/diagnostics/introduced/" + i1,schemaPath:"#/properties/diagnostics/properties/introduced/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data7.line === undefined){
const err15 = {instancePath:instancePath+"/diagnostics/introduced/" + i1,schemaPath:"#/properties/diagnostics/properties/introduced/items/required",keyword:"required",params:{missingProperty: "line"},message:"must have required property '"+"line"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data7.column === undefined){
const err16 = {instancePath:instancePath+"/diagnostics/introduced/" + i1,schemaPath:"#/properties/diagnostics/properties/introduced/items/required",keyword:"required",params:{missingProperty: "column"},message:"must have required property '"+"column"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data7.severity === undefined){
const err17 = {instancePath:instancePath+"/diagnostics/introduced/" + i1,schemaPath:"#/properties/diagnostics/properties/introduced/items/required",keyword:"required",params:{missingProperty: "severity"},message:"must have required property '"+"severity"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data7.message === undefined){
const err18 = {instancePath:instancePath+"/diagnostics/introduced/" + i1,schemaPath:"#/properties/diagnostics/properties/introduced/items/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
const _errs19 = errors;
for(const key2 in data7){
if(!(func2.call(schema10.properties.diagnostics.properties.introduced.items.properties, key2))){
const err19 = {instancePath:instancePath+"/diagnostics/introduced/" + i1,schemaPath:"#/properties/diagnostics/properties/introduced/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data7.path !== undefined){
let data8 = data7.path;
const _errs20 = errors;
if(typeof data8 !== "string"){
const err20 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/path",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
const _errs21 = errors;
var valid6 = _errs20 === errors;
}
if(data7.line !== undefined){
let data9 = data7.line;
const _errs22 = errors;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
const err21 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/line",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
const _errs23 = errors;
var valid6 = _errs22 === errors;
}
if(data7.column !== undefined){
let data10 = data7.column;
const _errs24 = errors;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err22 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/column",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/column/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
const _errs25 = errors;
var valid6 = _errs24 === errors;
}
if(data7.end_line !== undefined){
let data11 = data7.end_line;
const _errs26 = errors;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
const err23 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/end_line",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/end_line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
const _errs27 = errors;
var valid6 = _errs26 === errors;
}
if(data7.end_column !== undefined){
let data12 = data7.end_column;
const _errs28 = errors;
if(!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))){
const err24 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/end_column",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/end_column/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
const _errs29 = errors;
var valid6 = _errs28 === errors;
}
if(data7.severity !== undefined){
let data13 = data7.severity;
const _errs30 = errors;
if(typeof data13 !== "string"){
const err25 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/severity",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/severity/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
const _errs31 = errors;
const vSchema0 = schema10.properties.diagnostics.properties.introduced.items.properties.severity.enum;
if(!((((data13 === "error") || (data13 === "warning")) || (data13 === "information")) || (data13 === "hint"))){
const err26 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/severity",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/severity/enum",keyword:"enum",params:{allowedValues: schema10.properties.diagnostics.properties.introduced.items.properties.severity.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
var valid6 = _errs30 === errors;
}
if(data7.message !== undefined){
let data14 = data7.message;
const _errs32 = errors;
if(typeof data14 !== "string"){
const err27 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/message",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
const _errs33 = errors;
var valid6 = _errs32 === errors;
}
if(data7.code !== undefined){
let data15 = data7.code;
const _errs34 = errors;
if(typeof data15 !== "string"){
const err28 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/code",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
const _errs35 = errors;
var valid6 = _errs34 === errors;
}
if(data7.source !== undefined){
let data16 = data7.source;
const _errs36 = errors;
if(typeof data16 !== "string"){
const err29 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/source",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/source/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
const _errs37 = errors;
var valid6 = _errs36 === errors;
}
}
else {
const err30 = {instancePath:instancePath+"/diagnostics/introduced/" + i1,schemaPath:"#/properties/diagnostics/properties/introduced/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
var valid4 = _errs17 === errors;
if(!valid4){
valid5 = false;
}
}
}
else {
const err31 = {instancePath:instancePath+"/diagnostics/introduced",schemaPath:"#/properties/diagnostics/properties/introduced/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
var valid3 = _errs15 === errors;
}
if(data5.complete !== undefined){
let data17 = data5.complete;
const _errs38 = errors;
if(typeof data17 !== "boolean"){
const err32 = {instancePath:instancePath+"/diagnostics/complete",schemaPath:"#/properties/diagnostics/properties/complete/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
const _errs39 = errors;
var valid3 = _errs38 === errors;
}
if(data5.files_checked !== undefined){
let data18 = data5.files_checked;
const _errs40 = errors;
if(!(((typeof data18 == "number") && (!(data18 % 1) && !isNaN(data18))) && (isFinite(data18)))){
const err33 = {instancePath:instancePath+"/diagnostics/files_checked",schemaPath:"#/properties/diagnostics/properties/files_checked/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
const _errs41 = errors;
var valid3 = _errs40 === errors;
}
if(data5.omitted !== undefined){
let data19 = data5.omitted;
const _errs42 = errors;
if(!(((typeof data19 == "number") && (!(data19 % 1) && !isNaN(data19))) && (isFinite(data19)))){
const err34 = {instancePath:instancePath+"/diagnostics/omitted",schemaPath:"#/properties/diagnostics/properties/omitted/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
const _errs43 = errors;
var valid3 = _errs42 === errors;
}
if(data5.note !== undefined){
let data20 = data5.note;
const _errs44 = errors;
if(typeof data20 !== "string"){
const err35 = {instancePath:instancePath+"/diagnostics/note",schemaPath:"#/properties/diagnostics/properties/note/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
const _errs45 = errors;
var valid3 = _errs44 === errors;
}
}
else {
const err36 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
var valid0 = _errs12 === errors;
}
if(data.notes !== undefined){
let data21 = data.notes;
const _errs46 = errors;
const _errs47 = errors;
if(Array.isArray(data21)){
let valid8 = true;
const len2 = data21.length;
for(let i2=0; i2<len2; i2++){
let data22 = data21[i2];
const _errs48 = errors;
if(typeof data22 !== "string"){
const err37 = {instancePath:instancePath+"/notes/" + i2,schemaPath:"#/properties/notes/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
const _errs49 = errors;
var valid7 = _errs48 === errors;
if(!valid7){
valid8 = false;
}
}
}
else {
const err38 = {instancePath:instancePath+"/notes",schemaPath:"#/properties/notes/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
var valid0 = _errs46 === errors;
}
}
else {
const err39 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}
validate10.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
