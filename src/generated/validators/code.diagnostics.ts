// Generated from catalog.yaml — do not edit. Run `toolwright generate`.
// @ts-nocheck — Ajv standalone output is not written to pass the type checker; validators.ts types it.
import { ajvRuntimeModule } from 'toolwright/validator-runtime';
const runtimeHelper0 = ajvRuntimeModule("ajv/dist/runtime/ucs2length");

export const diagnostics_params = validate0;
const schema0 = {"type":"object","additionalProperties":false,"properties":{"path":{"type":"string","minLength":1,"maxLength":4096,"default":".","description":"A source file, or a folder whose source files are checked (default the workspace root)."},"severity":{"type":"string","enum":["error","warning","information","hint"],"default":"warning","description":"The least severe kind to list (error lists errors only)."},"limit":{"type":"integer","minimum":1,"maximum":1000,"default":100,"description":"Most diagnostics to return."},"offset":{"type":"integer","minimum":0,"default":0,"description":"Diagnostics to skip (what `next` continues with)."},"timeout_ms":{"type":"integer","minimum":100,"maximum":300000,"default":60000,"description":"How long to wait for the language server, its start included."}},"$id":"toolwright:code.diagnostics/params"};
const func0 = runtimeHelper0.default;

function validate0(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:code.diagnostics/params" */;
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
if(data.severity === undefined){
data.severity = "warning";
}
if(data.limit === undefined){
data.limit = 100;
}
if(data.offset === undefined){
data.offset = 0;
}
if(data.timeout_ms === undefined){
data.timeout_ms = 60000;
}
const _errs1 = errors;
for(const key0 in data){
if(!(((((key0 === "path") || (key0 === "severity")) || (key0 === "limit")) || (key0 === "offset")) || (key0 === "timeout_ms"))){
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
let data1 = data.severity;
const _errs4 = errors;
if(typeof data1 !== "string"){
const err4 = {instancePath:instancePath+"/severity",schemaPath:"#/properties/severity/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
const _errs5 = errors;
const vSchema0 = schema0.properties.severity.enum;
if(!((((data1 === "error") || (data1 === "warning")) || (data1 === "information")) || (data1 === "hint"))){
const err5 = {instancePath:instancePath+"/severity",schemaPath:"#/properties/severity/enum",keyword:"enum",params:{allowedValues: schema0.properties.severity.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
var valid0 = _errs4 === errors;
let data2 = data.limit;
const _errs6 = errors;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err6 = {instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data2 > 1000 || isNaN(data2)){
const err7 = {instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000},message:"must be <= 1000"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data2 < 1 || isNaN(data2)){
const err8 = {instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
let data3 = data.offset;
const _errs8 = errors;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err9 = {instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
const _errs9 = errors;
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 0 || isNaN(data3)){
const err10 = {instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
validate0.errors = vErrors;
return errors === 0;
}
validate0.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const diagnostics_result = validate1;
const schema1 = {"type":"object","additionalProperties":false,"required":["diagnostics","files_checked","total","truncated"],"properties":{"diagnostics":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["path","line","column","severity","message"],"properties":{"path":{"type":"string","description":"Workspace-relative path."},"line":{"type":"integer","description":"1-based line."},"column":{"type":"integer","description":"1-based column (characters, as read_file shows the line)."},"end_line":{"type":"integer"},"end_column":{"type":"integer"},"severity":{"type":"string","enum":["error","warning","information","hint"]},"message":{"type":"string"},"code":{"type":"string","description":"The server's code for the problem (2322, reportAttributeAccessIssue)."},"source":{"type":"string","description":"Which tool reported it (typescript, Pyright)."}}}},"files_checked":{"type":"integer","description":"Source files whose diagnostics were asked for."},"total":{"type":"integer","description":"Diagnostics found at the severity asked for, over all pages."},"truncated":{"type":"boolean","description":"True when more remain; `next` continues."},"next":{"type":"object","additionalProperties":false,"description":"The arguments of the call that continues this answer; absent when it is complete.","properties":{"path":{"type":"string"},"severity":{"type":"string"},"limit":{"type":"integer"},"offset":{"type":"integer"},"timeout_ms":{"type":"integer"}}},"notes":{"type":"array","items":{"type":"string"},"description":"What was left out and why (files no server covers, files past the count checked)."}},"$id":"toolwright:code.diagnostics/result"};
const func2 = Object.prototype.hasOwnProperty;

function validate1(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:code.diagnostics/result" */;
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
if(data.diagnostics === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "diagnostics"},message:"must have required property '"+"diagnostics"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.files_checked === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "files_checked"},message:"must have required property '"+"files_checked"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.total === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "total"},message:"must have required property '"+"total"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.truncated === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "truncated"},message:"must have required property '"+"truncated"+"'"};
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
if(!((((((key0 === "diagnostics") || (key0 === "files_checked")) || (key0 === "total")) || (key0 === "truncated")) || (key0 === "next")) || (key0 === "notes"))){
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
if(data.diagnostics !== undefined){
let data0 = data.diagnostics;
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
const err5 = {instancePath:instancePath+"/diagnostics/" + i0,schemaPath:"#/properties/diagnostics/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data1.line === undefined){
const err6 = {instancePath:instancePath+"/diagnostics/" + i0,schemaPath:"#/properties/diagnostics/items/required",keyword:"required",params:{missingProperty: "line"},message:"must have required property '"+"line"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data1.column === undefined){
const err7 = {instancePath:instancePath+"/diagnostics/" + i0,schemaPath:"#/properties/diagnostics/items/required",keyword:"required",params:{missingProperty: "column"},message:"must have required property '"+"column"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data1.severity === undefined){
const err8 = {instancePath:instancePath+"/diagnostics/" + i0,schemaPath:"#/properties/diagnostics/items/required",keyword:"required",params:{missingProperty: "severity"},message:"must have required property '"+"severity"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data1.message === undefined){
const err9 = {instancePath:instancePath+"/diagnostics/" + i0,schemaPath:"#/properties/diagnostics/items/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
const _errs6 = errors;
for(const key1 in data1){
if(!(func2.call(schema1.properties.diagnostics.items.properties, key1))){
const err10 = {instancePath:instancePath+"/diagnostics/" + i0,schemaPath:"#/properties/diagnostics/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data1.path !== undefined){
let data2 = data1.path;
const _errs7 = errors;
if(typeof data2 !== "string"){
const err11 = {instancePath:instancePath+"/diagnostics/" + i0+"/path",schemaPath:"#/properties/diagnostics/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
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
const err12 = {instancePath:instancePath+"/diagnostics/" + i0+"/line",schemaPath:"#/properties/diagnostics/items/properties/line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
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
const err13 = {instancePath:instancePath+"/diagnostics/" + i0+"/column",schemaPath:"#/properties/diagnostics/items/properties/column/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
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
const err14 = {instancePath:instancePath+"/diagnostics/" + i0+"/end_line",schemaPath:"#/properties/diagnostics/items/properties/end_line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
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
const err15 = {instancePath:instancePath+"/diagnostics/" + i0+"/end_column",schemaPath:"#/properties/diagnostics/items/properties/end_column/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
const _errs16 = errors;
var valid3 = _errs15 === errors;
}
if(data1.severity !== undefined){
let data7 = data1.severity;
const _errs17 = errors;
if(typeof data7 !== "string"){
const err16 = {instancePath:instancePath+"/diagnostics/" + i0+"/severity",schemaPath:"#/properties/diagnostics/items/properties/severity/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
const _errs18 = errors;
const vSchema0 = schema1.properties.diagnostics.items.properties.severity.enum;
if(!((((data7 === "error") || (data7 === "warning")) || (data7 === "information")) || (data7 === "hint"))){
const err17 = {instancePath:instancePath+"/diagnostics/" + i0+"/severity",schemaPath:"#/properties/diagnostics/items/properties/severity/enum",keyword:"enum",params:{allowedValues: schema1.properties.diagnostics.items.properties.severity.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
var valid3 = _errs17 === errors;
}
if(data1.message !== undefined){
let data8 = data1.message;
const _errs19 = errors;
if(typeof data8 !== "string"){
const err18 = {instancePath:instancePath+"/diagnostics/" + i0+"/message",schemaPath:"#/properties/diagnostics/items/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
const _errs20 = errors;
var valid3 = _errs19 === errors;
}
if(data1.code !== undefined){
let data9 = data1.code;
const _errs21 = errors;
if(typeof data9 !== "string"){
const err19 = {instancePath:instancePath+"/diagnostics/" + i0+"/code",schemaPath:"#/properties/diagnostics/items/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
const _errs22 = errors;
var valid3 = _errs21 === errors;
}
if(data1.source !== undefined){
let data10 = data1.source;
const _errs23 = errors;
if(typeof data10 !== "string"){
const err20 = {instancePath:instancePath+"/diagnostics/" + i0+"/source",schemaPath:"#/properties/diagnostics/items/properties/source/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
const _errs24 = errors;
var valid3 = _errs23 === errors;
}
}
else {
const err21 = {instancePath:instancePath+"/diagnostics/" + i0,schemaPath:"#/properties/diagnostics/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
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
const err22 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
var valid0 = _errs2 === errors;
}
if(data.files_checked !== undefined){
let data11 = data.files_checked;
const _errs25 = errors;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
const err23 = {instancePath:instancePath+"/files_checked",schemaPath:"#/properties/files_checked/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
const _errs26 = errors;
var valid0 = _errs25 === errors;
}
if(data.total !== undefined){
let data12 = data.total;
const _errs27 = errors;
if(!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))){
const err24 = {instancePath:instancePath+"/total",schemaPath:"#/properties/total/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
const _errs28 = errors;
var valid0 = _errs27 === errors;
}
if(data.truncated !== undefined){
let data13 = data.truncated;
const _errs29 = errors;
if(typeof data13 !== "boolean"){
const err25 = {instancePath:instancePath+"/truncated",schemaPath:"#/properties/truncated/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
const _errs30 = errors;
var valid0 = _errs29 === errors;
}
if(data.next !== undefined){
let data14 = data.next;
const _errs31 = errors;
const _errs32 = errors;
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
const _errs33 = errors;
for(const key2 in data14){
if(!(((((key2 === "path") || (key2 === "severity")) || (key2 === "limit")) || (key2 === "offset")) || (key2 === "timeout_ms"))){
const err26 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data14.path !== undefined){
let data15 = data14.path;
const _errs34 = errors;
if(typeof data15 !== "string"){
const err27 = {instancePath:instancePath+"/next/path",schemaPath:"#/properties/next/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
const _errs35 = errors;
var valid4 = _errs34 === errors;
}
if(data14.severity !== undefined){
let data16 = data14.severity;
const _errs36 = errors;
if(typeof data16 !== "string"){
const err28 = {instancePath:instancePath+"/next/severity",schemaPath:"#/properties/next/properties/severity/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
const _errs37 = errors;
var valid4 = _errs36 === errors;
}
if(data14.limit !== undefined){
let data17 = data14.limit;
const _errs38 = errors;
if(!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))){
const err29 = {instancePath:instancePath+"/next/limit",schemaPath:"#/properties/next/properties/limit/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
const _errs39 = errors;
var valid4 = _errs38 === errors;
}
if(data14.offset !== undefined){
let data18 = data14.offset;
const _errs40 = errors;
if(!(((typeof data18 == "number") && (!(data18 % 1) && !isNaN(data18))) && (isFinite(data18)))){
const err30 = {instancePath:instancePath+"/next/offset",schemaPath:"#/properties/next/properties/offset/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
const _errs41 = errors;
var valid4 = _errs40 === errors;
}
if(data14.timeout_ms !== undefined){
let data19 = data14.timeout_ms;
const _errs42 = errors;
if(!(((typeof data19 == "number") && (!(data19 % 1) && !isNaN(data19))) && (isFinite(data19)))){
const err31 = {instancePath:instancePath+"/next/timeout_ms",schemaPath:"#/properties/next/properties/timeout_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
const _errs43 = errors;
var valid4 = _errs42 === errors;
}
}
else {
const err32 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
var valid0 = _errs31 === errors;
}
if(data.notes !== undefined){
let data20 = data.notes;
const _errs44 = errors;
const _errs45 = errors;
if(Array.isArray(data20)){
let valid6 = true;
const len1 = data20.length;
for(let i1=0; i1<len1; i1++){
let data21 = data20[i1];
const _errs46 = errors;
if(typeof data21 !== "string"){
const err33 = {instancePath:instancePath+"/notes/" + i1,schemaPath:"#/properties/notes/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
const _errs47 = errors;
var valid5 = _errs46 === errors;
if(!valid5){
valid6 = false;
}
}
}
else {
const err34 = {instancePath:instancePath+"/notes",schemaPath:"#/properties/notes/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
var valid0 = _errs44 === errors;
}
}
else {
const err35 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
validate1.errors = vErrors;
return errors === 0;
}
validate1.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
