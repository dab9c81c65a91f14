// Generated from catalog.yaml — do not edit. Run `toolwright generate`.
// @ts-nocheck — Ajv standalone output is not written to pass the type checker; validators.ts types it.
import { ajvRuntimeModule } from 'toolwright/validator-runtime';
const runtimeHelper0 = ajvRuntimeModule("ajv/dist/runtime/ucs2length");

export const apply_patch_params = validate8;
const schema8 = {"type":"object","additionalProperties":false,"required":["input"],"properties":{"input":{"type":"string","minLength":1,"maxLength":16777216,"description":"The whole patch, from *** Begin Patch to *** End Patch."},"dry_run":{"type":"boolean","default":false,"description":"Return the diff the patch would make without writing anything."}},"$id":"toolwright:filesystem.apply_patch/params"};
const func0 = runtimeHelper0.default;

function validate8(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:filesystem.apply_patch/params" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate8.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.dry_run === undefined){
data.dry_run = false;
}
if(data.input === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "input"},message:"must have required property '"+"input"+"'"};
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
if(!((key0 === "input") || (key0 === "dry_run"))){
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
if(data.input !== undefined){
let data0 = data.input;
const _errs2 = errors;
const _errs3 = errors;
if(typeof data0 === "string"){
if(func0(data0) > 16777216){
const err2 = {instancePath:instancePath+"/input",schemaPath:"#/properties/input/maxLength",keyword:"maxLength",params:{limit: 16777216},message:"must NOT have more than 16777216 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(func0(data0) < 1){
const err3 = {instancePath:instancePath+"/input",schemaPath:"#/properties/input/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err4 = {instancePath:instancePath+"/input",schemaPath:"#/properties/input/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
let data1 = data.dry_run;
const _errs4 = errors;
if(typeof data1 !== "boolean"){
const err5 = {instancePath:instancePath+"/dry_run",schemaPath:"#/properties/dry_run/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
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
else {
const err6 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate8.errors = vErrors;
return errors === 0;
}
validate8.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const apply_patch_result = validate9;
const schema9 = {"type":"object","additionalProperties":false,"required":["files","diff"],"properties":{"files":{"type":"array","description":"Each file section of the patch, in order.","items":{"type":"object","additionalProperties":false,"required":["path","action"],"properties":{"path":{"type":"string","description":"Workspace-relative path with / separators (for a move, where the file went)."},"action":{"type":"string","enum":["add","update","delete","move"]},"from":{"type":"string","description":"For a move, where the file was."},"replaced":{"type":"boolean","description":"An Add File or Move to put the file in place of one that was there."},"changes":{"type":"integer","description":"How many @@ changes an Update File section made."},"normalized":{"type":"array","items":{"type":"string","enum":["trailing_whitespace","whitespace","punctuation"]},"description":"How loosely some change matched (trailing blanks, leading and trailing blanks, typographic dashes, quotes and spaces); absent when every line matched exactly."}}}},"diff":{"type":"string","description":"Unified diff of every file changed."},"changed_since_read":{"type":"boolean","description":"True when a file had changed on disk since this session read it, but not in the lines changed nor the 3 lines around them (a change there is refused as STALE_FILE)."},"dry_run":{"type":"boolean","description":"True when nothing was written (dry_run was set)."},"diagnostics":{"type":"object","additionalProperties":false,"required":["introduced","complete","files_checked"],"description":"Present when a language server covers the file: the errors this change introduced, in the file and in the files that import it (errors that were there before are not listed). complete is false when the time budget ran out first; note says what was not checked.","properties":{"introduced":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["path","line","column","severity","message"],"properties":{"path":{"type":"string","description":"Workspace-relative path."},"line":{"type":"integer","description":"1-based line."},"column":{"type":"integer","description":"1-based column (characters, as read_file shows the line)."},"end_line":{"type":"integer"},"end_column":{"type":"integer"},"severity":{"type":"string","enum":["error","warning","information","hint"]},"message":{"type":"string"},"code":{"type":"string","description":"The server's code for the problem (2322, reportAttributeAccessIssue)."},"source":{"type":"string","description":"Which tool reported it (typescript, Pyright)."}}}},"complete":{"type":"boolean","description":"False when some file was not checked within the time budget (see note)."},"files_checked":{"type":"integer","description":"Files compared before and after the change (the file and those that import it)."},"omitted":{"type":"integer","description":"Introduced errors beyond those listed."},"note":{"type":"string","description":"What was not checked and why (the server still starting, the time budget spent)."}}}},"$id":"toolwright:filesystem.apply_patch/result"};
const func2 = Object.prototype.hasOwnProperty;

function validate9(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:filesystem.apply_patch/result" */;
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
if(data.diff === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "diff"},message:"must have required property '"+"diff"+"'"};
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
if(!(((((key0 === "files") || (key0 === "diff")) || (key0 === "changed_since_read")) || (key0 === "dry_run")) || (key0 === "diagnostics"))){
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
const _errs5 = errors;
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.path === undefined){
const err3 = {instancePath:instancePath+"/files/" + i0,schemaPath:"#/properties/files/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data1.action === undefined){
const err4 = {instancePath:instancePath+"/files/" + i0,schemaPath:"#/properties/files/items/required",keyword:"required",params:{missingProperty: "action"},message:"must have required property '"+"action"+"'"};
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
if(!((((((key1 === "path") || (key1 === "action")) || (key1 === "from")) || (key1 === "replaced")) || (key1 === "changes")) || (key1 === "normalized"))){
const err5 = {instancePath:instancePath+"/files/" + i0,schemaPath:"#/properties/files/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
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
const err6 = {instancePath:instancePath+"/files/" + i0+"/path",schemaPath:"#/properties/files/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data1.action !== undefined){
let data3 = data1.action;
const _errs9 = errors;
if(typeof data3 !== "string"){
const err7 = {instancePath:instancePath+"/files/" + i0+"/action",schemaPath:"#/properties/files/items/properties/action/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
const _errs10 = errors;
const vSchema0 = schema9.properties.files.items.properties.action.enum;
if(!((((data3 === "add") || (data3 === "update")) || (data3 === "delete")) || (data3 === "move"))){
const err8 = {instancePath:instancePath+"/files/" + i0+"/action",schemaPath:"#/properties/files/items/properties/action/enum",keyword:"enum",params:{allowedValues: schema9.properties.files.items.properties.action.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var valid3 = _errs9 === errors;
}
if(data1.from !== undefined){
let data4 = data1.from;
const _errs11 = errors;
if(typeof data4 !== "string"){
const err9 = {instancePath:instancePath+"/files/" + i0+"/from",schemaPath:"#/properties/files/items/properties/from/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
const _errs12 = errors;
var valid3 = _errs11 === errors;
}
if(data1.replaced !== undefined){
let data5 = data1.replaced;
const _errs13 = errors;
if(typeof data5 !== "boolean"){
const err10 = {instancePath:instancePath+"/files/" + i0+"/replaced",schemaPath:"#/properties/files/items/properties/replaced/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
const _errs14 = errors;
var valid3 = _errs13 === errors;
}
if(data1.changes !== undefined){
let data6 = data1.changes;
const _errs15 = errors;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err11 = {instancePath:instancePath+"/files/" + i0+"/changes",schemaPath:"#/properties/files/items/properties/changes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
const _errs16 = errors;
var valid3 = _errs15 === errors;
}
if(data1.normalized !== undefined){
let data7 = data1.normalized;
const _errs17 = errors;
const _errs18 = errors;
if(Array.isArray(data7)){
let valid5 = true;
const len1 = data7.length;
for(let i1=0; i1<len1; i1++){
let data8 = data7[i1];
const _errs19 = errors;
if(typeof data8 !== "string"){
const err12 = {instancePath:instancePath+"/files/" + i0+"/normalized/" + i1,schemaPath:"#/properties/files/items/properties/normalized/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
const _errs20 = errors;
const vSchema1 = schema9.properties.files.items.properties.normalized.items.enum;
if(!(((data8 === "trailing_whitespace") || (data8 === "whitespace")) || (data8 === "punctuation"))){
const err13 = {instancePath:instancePath+"/files/" + i0+"/normalized/" + i1,schemaPath:"#/properties/files/items/properties/normalized/items/enum",keyword:"enum",params:{allowedValues: schema9.properties.files.items.properties.normalized.items.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
var valid4 = _errs19 === errors;
if(!valid4){
valid5 = false;
}
}
}
else {
const err14 = {instancePath:instancePath+"/files/" + i0+"/normalized",schemaPath:"#/properties/files/items/properties/normalized/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var valid3 = _errs17 === errors;
}
}
else {
const err15 = {instancePath:instancePath+"/files/" + i0,schemaPath:"#/properties/files/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
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
const err16 = {instancePath:instancePath+"/files",schemaPath:"#/properties/files/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
var valid0 = _errs2 === errors;
}
if(data.diff !== undefined){
let data9 = data.diff;
const _errs21 = errors;
if(typeof data9 !== "string"){
const err17 = {instancePath:instancePath+"/diff",schemaPath:"#/properties/diff/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
const _errs22 = errors;
var valid0 = _errs21 === errors;
}
if(data.changed_since_read !== undefined){
let data10 = data.changed_since_read;
const _errs23 = errors;
if(typeof data10 !== "boolean"){
const err18 = {instancePath:instancePath+"/changed_since_read",schemaPath:"#/properties/changed_since_read/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
const _errs24 = errors;
var valid0 = _errs23 === errors;
}
if(data.dry_run !== undefined){
let data11 = data.dry_run;
const _errs25 = errors;
if(typeof data11 !== "boolean"){
const err19 = {instancePath:instancePath+"/dry_run",schemaPath:"#/properties/dry_run/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
const _errs26 = errors;
var valid0 = _errs25 === errors;
}
if(data.diagnostics !== undefined){
let data12 = data.diagnostics;
const _errs27 = errors;
const _errs28 = errors;
if(data12 && typeof data12 == "object" && !Array.isArray(data12)){
if(data12.introduced === undefined){
const err20 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/required",keyword:"required",params:{missingProperty: "introduced"},message:"must have required property '"+"introduced"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data12.complete === undefined){
const err21 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/required",keyword:"required",params:{missingProperty: "complete"},message:"must have required property '"+"complete"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data12.files_checked === undefined){
const err22 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/required",keyword:"required",params:{missingProperty: "files_checked"},message:"must have required property '"+"files_checked"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
const _errs29 = errors;
for(const key2 in data12){
if(!(((((key2 === "introduced") || (key2 === "complete")) || (key2 === "files_checked")) || (key2 === "omitted")) || (key2 === "note"))){
const err23 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data12.introduced !== undefined){
let data13 = data12.introduced;
const _errs30 = errors;
const _errs31 = errors;
if(Array.isArray(data13)){
let valid8 = true;
const len2 = data13.length;
for(let i2=0; i2<len2; i2++){
let data14 = data13[i2];
const _errs32 = errors;
const _errs33 = errors;
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
if(data14.path === undefined){
const err24 = {instancePath:instancePath+"/diagnostics/introduced/" + i2,schemaPath:"#/properties/diagnostics/properties/introduced/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data14.line === undefined){
const err25 = {instancePath:instancePath+"/diagnostics/introduced/" + i2,schemaPath:"#/properties/diagnostics/properties/introduced/items/required",keyword:"required",params:{missingProperty: "line"},message:"must have required property '"+"line"+"'"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(data14.column === undefined){
const err26 = {instancePath:instancePath+"/diagnostics/introduced/" + i2,schemaPath:"#/properties/diagnostics/properties/introduced/items/required",keyword:"required",params:{missingProperty: "column"},message:"must have required property '"+"column"+"'"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(data14.severity === undefined){
const err27 = {instancePath:instancePath+"/diagnostics/introduced/" + i2,schemaPath:"#/properties/diagnostics/properties/introduced/items/required",keyword:"required",params:{missingProperty: "severity"},message:"must have required property '"+"severity"+"'"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(data14.message === undefined){
const err28 = {instancePath:instancePath+"/diagnostics/introduced/" + i2,schemaPath:"#/properties/diagnostics/properties/introduced/items/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
const _errs34 = errors;
for(const key3 in data14){
if(!(func2.call(schema9.properties.diagnostics.properties.introduced.items.properties, key3))){
const err29 = {instancePath:instancePath+"/diagnostics/introduced/" + i2,schemaPath:"#/properties/diagnostics/properties/introduced/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data14.path !== undefined){
let data15 = data14.path;
const _errs35 = errors;
if(typeof data15 !== "string"){
const err30 = {instancePath:instancePath+"/diagnostics/introduced/" + i2+"/path",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
const _errs36 = errors;
var valid9 = _errs35 === errors;
}
if(data14.line !== undefined){
let data16 = data14.line;
const _errs37 = errors;
if(!(((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16))) && (isFinite(data16)))){
const err31 = {instancePath:instancePath+"/diagnostics/introduced/" + i2+"/line",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
const _errs38 = errors;
var valid9 = _errs37 === errors;
}
if(data14.column !== undefined){
let data17 = data14.column;
const _errs39 = errors;
if(!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))){
const err32 = {instancePath:instancePath+"/diagnostics/introduced/" + i2+"/column",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/column/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
const _errs40 = errors;
var valid9 = _errs39 === errors;
}
if(data14.end_line !== undefined){
let data18 = data14.end_line;
const _errs41 = errors;
if(!(((typeof data18 == "number") && (!(data18 % 1) && !isNaN(data18))) && (isFinite(data18)))){
const err33 = {instancePath:instancePath+"/diagnostics/introduced/" + i2+"/end_line",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/end_line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
const _errs42 = errors;
var valid9 = _errs41 === errors;
}
if(data14.end_column !== undefined){
let data19 = data14.end_column;
const _errs43 = errors;
if(!(((typeof data19 == "number") && (!(data19 % 1) && !isNaN(data19))) && (isFinite(data19)))){
const err34 = {instancePath:instancePath+"/diagnostics/introduced/" + i2+"/end_column",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/end_column/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
const _errs44 = errors;
var valid9 = _errs43 === errors;
}
if(data14.severity !== undefined){
let data20 = data14.severity;
const _errs45 = errors;
if(typeof data20 !== "string"){
const err35 = {instancePath:instancePath+"/diagnostics/introduced/" + i2+"/severity",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/severity/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
const _errs46 = errors;
const vSchema2 = schema9.properties.diagnostics.properties.introduced.items.properties.severity.enum;
if(!((((data20 === "error") || (data20 === "warning")) || (data20 === "information")) || (data20 === "hint"))){
const err36 = {instancePath:instancePath+"/diagnostics/introduced/" + i2+"/severity",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/severity/enum",keyword:"enum",params:{allowedValues: schema9.properties.diagnostics.properties.introduced.items.properties.severity.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
var valid9 = _errs45 === errors;
}
if(data14.message !== undefined){
let data21 = data14.message;
const _errs47 = errors;
if(typeof data21 !== "string"){
const err37 = {instancePath:instancePath+"/diagnostics/introduced/" + i2+"/message",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
const _errs48 = errors;
var valid9 = _errs47 === errors;
}
if(data14.code !== undefined){
let data22 = data14.code;
const _errs49 = errors;
if(typeof data22 !== "string"){
const err38 = {instancePath:instancePath+"/diagnostics/introduced/" + i2+"/code",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
const _errs50 = errors;
var valid9 = _errs49 === errors;
}
if(data14.source !== undefined){
let data23 = data14.source;
const _errs51 = errors;
if(typeof data23 !== "string"){
const err39 = {instancePath:instancePath+"/diagnostics/introduced/" + i2+"/source",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/source/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
const _errs52 = errors;
var valid9 = _errs51 === errors;
}
}
else {
const err40 = {instancePath:instancePath+"/diagnostics/introduced/" + i2,schemaPath:"#/properties/diagnostics/properties/introduced/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
var valid7 = _errs32 === errors;
if(!valid7){
valid8 = false;
}
}
}
else {
const err41 = {instancePath:instancePath+"/diagnostics/introduced",schemaPath:"#/properties/diagnostics/properties/introduced/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
var valid6 = _errs30 === errors;
}
if(data12.complete !== undefined){
let data24 = data12.complete;
const _errs53 = errors;
if(typeof data24 !== "boolean"){
const err42 = {instancePath:instancePath+"/diagnostics/complete",schemaPath:"#/properties/diagnostics/properties/complete/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
const _errs54 = errors;
var valid6 = _errs53 === errors;
}
if(data12.files_checked !== undefined){
let data25 = data12.files_checked;
const _errs55 = errors;
if(!(((typeof data25 == "number") && (!(data25 % 1) && !isNaN(data25))) && (isFinite(data25)))){
const err43 = {instancePath:instancePath+"/diagnostics/files_checked",schemaPath:"#/properties/diagnostics/properties/files_checked/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
const _errs56 = errors;
var valid6 = _errs55 === errors;
}
if(data12.omitted !== undefined){
let data26 = data12.omitted;
const _errs57 = errors;
if(!(((typeof data26 == "number") && (!(data26 % 1) && !isNaN(data26))) && (isFinite(data26)))){
const err44 = {instancePath:instancePath+"/diagnostics/omitted",schemaPath:"#/properties/diagnostics/properties/omitted/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
const _errs58 = errors;
var valid6 = _errs57 === errors;
}
if(data12.note !== undefined){
let data27 = data12.note;
const _errs59 = errors;
if(typeof data27 !== "string"){
const err45 = {instancePath:instancePath+"/diagnostics/note",schemaPath:"#/properties/diagnostics/properties/note/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
const _errs60 = errors;
var valid6 = _errs59 === errors;
}
}
else {
const err46 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
var valid0 = _errs27 === errors;
}
}
else {
const err47 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
validate9.errors = vErrors;
return errors === 0;
}
validate9.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
