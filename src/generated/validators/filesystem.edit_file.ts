// Generated from catalog.yaml — do not edit. Run `toolwright generate`.
// @ts-nocheck — Ajv standalone output is not written to pass the type checker; validators.ts types it.
import { ajvRuntimeModule } from 'toolwright/validator-runtime';
const runtimeHelper0 = ajvRuntimeModule("ajv/dist/runtime/ucs2length");

export const edit_file_params = validate4;
const schema4 = {"type":"object","additionalProperties":false,"required":["path","old_str","new_str"],"properties":{"path":{"type":"string","minLength":1,"maxLength":4096,"description":"File path, relative to the workspace root or absolute inside it."},"old_str":{"type":"string","description":"The exact text to replace; empty to create a new file."},"new_str":{"type":"string","description":"The replacement text (inserted literally)."},"replace_all":{"type":"boolean","default":false,"description":"Replace every occurrence instead of requiring exactly one."},"dry_run":{"type":"boolean","default":false,"description":"Return the diff the edit would make without writing anything."},"match":{"type":"string","enum":["exact","loose"],"default":"exact","description":"exact: old_str must occur as given. loose: when it does not, it may differ from one region of the file in trailing whitespace, the indentation offset of the whole region (new_str is re-indented by the same offset; lines nested otherwise than in the file are no match), line endings and typographic quotes; two or more such regions refuse the edit."}},"$id":"toolwright:filesystem.edit_file/params"};
const func0 = runtimeHelper0.default;

function validate4(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:filesystem.edit_file/params" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate4.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.replace_all === undefined){
data.replace_all = false;
}
if(data.dry_run === undefined){
data.dry_run = false;
}
if(data.match === undefined){
data.match = "exact";
}
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
if(data.old_str === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "old_str"},message:"must have required property '"+"old_str"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.new_str === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "new_str"},message:"must have required property '"+"new_str"+"'"};
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
if(!((((((key0 === "path") || (key0 === "old_str")) || (key0 === "new_str")) || (key0 === "replace_all")) || (key0 === "dry_run")) || (key0 === "match"))){
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
const _errs3 = errors;
if(typeof data0 === "string"){
if(func0(data0) > 4096){
const err4 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(func0(data0) < 1){
const err5 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data.old_str !== undefined){
let data1 = data.old_str;
const _errs4 = errors;
if(typeof data1 !== "string"){
const err7 = {instancePath:instancePath+"/old_str",schemaPath:"#/properties/old_str/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
const _errs5 = errors;
var valid0 = _errs4 === errors;
}
if(data.new_str !== undefined){
let data2 = data.new_str;
const _errs6 = errors;
if(typeof data2 !== "string"){
const err8 = {instancePath:instancePath+"/new_str",schemaPath:"#/properties/new_str/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
const _errs7 = errors;
var valid0 = _errs6 === errors;
}
let data3 = data.replace_all;
const _errs8 = errors;
if(typeof data3 !== "boolean"){
const err9 = {instancePath:instancePath+"/replace_all",schemaPath:"#/properties/replace_all/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
const _errs9 = errors;
var valid0 = _errs8 === errors;
let data4 = data.dry_run;
const _errs10 = errors;
if(typeof data4 !== "boolean"){
const err10 = {instancePath:instancePath+"/dry_run",schemaPath:"#/properties/dry_run/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
const _errs11 = errors;
var valid0 = _errs10 === errors;
let data5 = data.match;
const _errs12 = errors;
if(typeof data5 !== "string"){
const err11 = {instancePath:instancePath+"/match",schemaPath:"#/properties/match/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
const _errs13 = errors;
const vSchema0 = schema4.properties.match.enum;
if(!((data5 === "exact") || (data5 === "loose"))){
const err12 = {instancePath:instancePath+"/match",schemaPath:"#/properties/match/enum",keyword:"enum",params:{allowedValues: schema4.properties.match.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
var valid0 = _errs12 === errors;
}
else {
const err13 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
validate4.errors = vErrors;
return errors === 0;
}
validate4.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const edit_file_result = validate5;
const schema5 = {"type":"object","additionalProperties":false,"required":["path","replacements","diff"],"properties":{"path":{"type":"string","description":"Workspace-relative path with / separators."},"replacements":{"type":"integer","description":"How many occurrences were replaced."},"diff":{"type":"string","description":"Unified diff of the change."},"created":{"type":"boolean","description":"True when an empty old_str created the file."},"normalized":{"type":"array","items":{"type":"string","enum":["line_endings","whitespace","indentation","quotes"]},"description":"match: loose: what had to be normalised for old_str to match (absent when it matched exactly)."},"changed_since_read":{"type":"boolean","description":"True when the file had changed on disk since this session read it, but not in the lines edited nor the 3 lines around them (an edit there is refused as STALE_FILE)."},"dry_run":{"type":"boolean","description":"True when nothing was written (dry_run was set)."},"diagnostics":{"type":"object","additionalProperties":false,"required":["introduced","complete","files_checked"],"description":"Present when a language server covers the file: the errors this change introduced, in the file and in the files that import it (errors that were there before are not listed). complete is false when the time budget ran out first; note says what was not checked.","properties":{"introduced":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["path","line","column","severity","message"],"properties":{"path":{"type":"string","description":"Workspace-relative path."},"line":{"type":"integer","description":"1-based line."},"column":{"type":"integer","description":"1-based column (characters, as read_file shows the line)."},"end_line":{"type":"integer"},"end_column":{"type":"integer"},"severity":{"type":"string","enum":["error","warning","information","hint"]},"message":{"type":"string"},"code":{"type":"string","description":"The server's code for the problem (2322, reportAttributeAccessIssue)."},"source":{"type":"string","description":"Which tool reported it (typescript, Pyright)."}}}},"complete":{"type":"boolean","description":"False when some file was not checked within the time budget (see note)."},"files_checked":{"type":"integer","description":"Files compared before and after the change (the file and those that import it)."},"omitted":{"type":"integer","description":"Introduced errors beyond those listed."},"note":{"type":"string","description":"What was not checked and why (the server still starting, the time budget spent)."}}}},"$id":"toolwright:filesystem.edit_file/result"};
const func2 = Object.prototype.hasOwnProperty;

function validate5(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:filesystem.edit_file/result" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate5.evaluated;
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
const _errs1 = errors;
for(const key0 in data){
if(!((((((((key0 === "path") || (key0 === "replacements")) || (key0 === "diff")) || (key0 === "created")) || (key0 === "normalized")) || (key0 === "changed_since_read")) || (key0 === "dry_run")) || (key0 === "diagnostics"))){
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
if(data.replacements !== undefined){
let data1 = data.replacements;
const _errs4 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err5 = {instancePath:instancePath+"/replacements",schemaPath:"#/properties/replacements/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data.diff !== undefined){
let data2 = data.diff;
const _errs6 = errors;
if(typeof data2 !== "string"){
const err6 = {instancePath:instancePath+"/diff",schemaPath:"#/properties/diff/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data.created !== undefined){
let data3 = data.created;
const _errs8 = errors;
if(typeof data3 !== "boolean"){
const err7 = {instancePath:instancePath+"/created",schemaPath:"#/properties/created/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
const _errs9 = errors;
var valid0 = _errs8 === errors;
}
if(data.normalized !== undefined){
let data4 = data.normalized;
const _errs10 = errors;
const _errs11 = errors;
if(Array.isArray(data4)){
let valid2 = true;
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
let data5 = data4[i0];
const _errs12 = errors;
if(typeof data5 !== "string"){
const err8 = {instancePath:instancePath+"/normalized/" + i0,schemaPath:"#/properties/normalized/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
const _errs13 = errors;
const vSchema0 = schema5.properties.normalized.items.enum;
if(!((((data5 === "line_endings") || (data5 === "whitespace")) || (data5 === "indentation")) || (data5 === "quotes"))){
const err9 = {instancePath:instancePath+"/normalized/" + i0,schemaPath:"#/properties/normalized/items/enum",keyword:"enum",params:{allowedValues: schema5.properties.normalized.items.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
var valid1 = _errs12 === errors;
if(!valid1){
valid2 = false;
}
}
}
else {
const err10 = {instancePath:instancePath+"/normalized",schemaPath:"#/properties/normalized/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var valid0 = _errs10 === errors;
}
if(data.changed_since_read !== undefined){
let data6 = data.changed_since_read;
const _errs14 = errors;
if(typeof data6 !== "boolean"){
const err11 = {instancePath:instancePath+"/changed_since_read",schemaPath:"#/properties/changed_since_read/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
const _errs15 = errors;
var valid0 = _errs14 === errors;
}
if(data.dry_run !== undefined){
let data7 = data.dry_run;
const _errs16 = errors;
if(typeof data7 !== "boolean"){
const err12 = {instancePath:instancePath+"/dry_run",schemaPath:"#/properties/dry_run/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
const _errs17 = errors;
var valid0 = _errs16 === errors;
}
if(data.diagnostics !== undefined){
let data8 = data.diagnostics;
const _errs18 = errors;
const _errs19 = errors;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.introduced === undefined){
const err13 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/required",keyword:"required",params:{missingProperty: "introduced"},message:"must have required property '"+"introduced"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data8.complete === undefined){
const err14 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/required",keyword:"required",params:{missingProperty: "complete"},message:"must have required property '"+"complete"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data8.files_checked === undefined){
const err15 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/required",keyword:"required",params:{missingProperty: "files_checked"},message:"must have required property '"+"files_checked"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
const _errs20 = errors;
for(const key1 in data8){
if(!(((((key1 === "introduced") || (key1 === "complete")) || (key1 === "files_checked")) || (key1 === "omitted")) || (key1 === "note"))){
const err16 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data8.introduced !== undefined){
let data9 = data8.introduced;
const _errs21 = errors;
const _errs22 = errors;
if(Array.isArray(data9)){
let valid5 = true;
const len1 = data9.length;
for(let i1=0; i1<len1; i1++){
let data10 = data9[i1];
const _errs23 = errors;
const _errs24 = errors;
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
if(data10.path === undefined){
const err17 = {instancePath:instancePath+"/diagnostics/introduced/" + i1,schemaPath:"#/properties/diagnostics/properties/introduced/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data10.line === undefined){
const err18 = {instancePath:instancePath+"/diagnostics/introduced/" + i1,schemaPath:"#/properties/diagnostics/properties/introduced/items/required",keyword:"required",params:{missingProperty: "line"},message:"must have required property '"+"line"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data10.column === undefined){
const err19 = {instancePath:instancePath+"/diagnostics/introduced/" + i1,schemaPath:"#/properties/diagnostics/properties/introduced/items/required",keyword:"required",params:{missingProperty: "column"},message:"must have required property '"+"column"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data10.severity === undefined){
const err20 = {instancePath:instancePath+"/diagnostics/introduced/" + i1,schemaPath:"#/properties/diagnostics/properties/introduced/items/required",keyword:"required",params:{missingProperty: "severity"},message:"must have required property '"+"severity"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data10.message === undefined){
const err21 = {instancePath:instancePath+"/diagnostics/introduced/" + i1,schemaPath:"#/properties/diagnostics/properties/introduced/items/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
const _errs25 = errors;
for(const key2 in data10){
if(!(func2.call(schema5.properties.diagnostics.properties.introduced.items.properties, key2))){
const err22 = {instancePath:instancePath+"/diagnostics/introduced/" + i1,schemaPath:"#/properties/diagnostics/properties/introduced/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data10.path !== undefined){
let data11 = data10.path;
const _errs26 = errors;
if(typeof data11 !== "string"){
const err23 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/path",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data10.line !== undefined){
let data12 = data10.line;
const _errs28 = errors;
if(!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))){
const err24 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/line",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data10.column !== undefined){
let data13 = data10.column;
const _errs30 = errors;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
const err25 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/column",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/column/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
const _errs31 = errors;
var valid6 = _errs30 === errors;
}
if(data10.end_line !== undefined){
let data14 = data10.end_line;
const _errs32 = errors;
if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){
const err26 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/end_line",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/end_line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
const _errs33 = errors;
var valid6 = _errs32 === errors;
}
if(data10.end_column !== undefined){
let data15 = data10.end_column;
const _errs34 = errors;
if(!(((typeof data15 == "number") && (!(data15 % 1) && !isNaN(data15))) && (isFinite(data15)))){
const err27 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/end_column",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/end_column/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
const _errs35 = errors;
var valid6 = _errs34 === errors;
}
if(data10.severity !== undefined){
let data16 = data10.severity;
const _errs36 = errors;
if(typeof data16 !== "string"){
const err28 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/severity",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/severity/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
const _errs37 = errors;
const vSchema1 = schema5.properties.diagnostics.properties.introduced.items.properties.severity.enum;
if(!((((data16 === "error") || (data16 === "warning")) || (data16 === "information")) || (data16 === "hint"))){
const err29 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/severity",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/severity/enum",keyword:"enum",params:{allowedValues: schema5.properties.diagnostics.properties.introduced.items.properties.severity.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
var valid6 = _errs36 === errors;
}
if(data10.message !== undefined){
let data17 = data10.message;
const _errs38 = errors;
if(typeof data17 !== "string"){
const err30 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/message",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
const _errs39 = errors;
var valid6 = _errs38 === errors;
}
if(data10.code !== undefined){
let data18 = data10.code;
const _errs40 = errors;
if(typeof data18 !== "string"){
const err31 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/code",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
const _errs41 = errors;
var valid6 = _errs40 === errors;
}
if(data10.source !== undefined){
let data19 = data10.source;
const _errs42 = errors;
if(typeof data19 !== "string"){
const err32 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/source",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/source/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
const _errs43 = errors;
var valid6 = _errs42 === errors;
}
}
else {
const err33 = {instancePath:instancePath+"/diagnostics/introduced/" + i1,schemaPath:"#/properties/diagnostics/properties/introduced/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
var valid4 = _errs23 === errors;
if(!valid4){
valid5 = false;
}
}
}
else {
const err34 = {instancePath:instancePath+"/diagnostics/introduced",schemaPath:"#/properties/diagnostics/properties/introduced/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
var valid3 = _errs21 === errors;
}
if(data8.complete !== undefined){
let data20 = data8.complete;
const _errs44 = errors;
if(typeof data20 !== "boolean"){
const err35 = {instancePath:instancePath+"/diagnostics/complete",schemaPath:"#/properties/diagnostics/properties/complete/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
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
if(data8.files_checked !== undefined){
let data21 = data8.files_checked;
const _errs46 = errors;
if(!(((typeof data21 == "number") && (!(data21 % 1) && !isNaN(data21))) && (isFinite(data21)))){
const err36 = {instancePath:instancePath+"/diagnostics/files_checked",schemaPath:"#/properties/diagnostics/properties/files_checked/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
const _errs47 = errors;
var valid3 = _errs46 === errors;
}
if(data8.omitted !== undefined){
let data22 = data8.omitted;
const _errs48 = errors;
if(!(((typeof data22 == "number") && (!(data22 % 1) && !isNaN(data22))) && (isFinite(data22)))){
const err37 = {instancePath:instancePath+"/diagnostics/omitted",schemaPath:"#/properties/diagnostics/properties/omitted/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
const _errs49 = errors;
var valid3 = _errs48 === errors;
}
if(data8.note !== undefined){
let data23 = data8.note;
const _errs50 = errors;
if(typeof data23 !== "string"){
const err38 = {instancePath:instancePath+"/diagnostics/note",schemaPath:"#/properties/diagnostics/properties/note/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
const _errs51 = errors;
var valid3 = _errs50 === errors;
}
}
else {
const err39 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
var valid0 = _errs18 === errors;
}
}
else {
const err40 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
validate5.errors = vErrors;
return errors === 0;
}
validate5.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
