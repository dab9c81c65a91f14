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

export const definition_params = validate2;
const schema2 = {"type":"object","additionalProperties":false,"properties":{"path":{"type":"string","minLength":1,"maxLength":4096,"description":"The file of the position (with line and column), or the file to look for `symbol` in."},"line":{"type":"integer","minimum":1,"description":"1-based line of the position."},"column":{"type":"integer","minimum":1,"description":"1-based column of the position (characters, as read_file shows the line); any character of the name."},"symbol":{"type":"string","minLength":1,"maxLength":500,"description":"Instead of a position: the symbol's name, with its containers joined by dots (Foo.bar, module.function)."},"timeout_ms":{"type":"integer","minimum":100,"maximum":300000,"default":60000,"description":"How long to wait for the language server, its start included."}},"$id":"toolwright:code.definition/params"};

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

export const references_params = validate4;
const schema4 = {"type":"object","additionalProperties":false,"properties":{"path":{"type":"string","minLength":1,"maxLength":4096,"description":"The file of the position (with line and column), or the file to look for `symbol` in."},"line":{"type":"integer","minimum":1,"description":"1-based line of the position."},"column":{"type":"integer","minimum":1,"description":"1-based column of the position (characters, as read_file shows the line); any character of the name."},"symbol":{"type":"string","minLength":1,"maxLength":500,"description":"Instead of a position: the symbol's name, with its containers joined by dots (Foo.bar, module.function)."},"include_declaration":{"type":"boolean","default":true,"description":"List the declaration itself too."},"limit":{"type":"integer","minimum":1,"maximum":5000,"default":200,"description":"Most references to return."},"offset":{"type":"integer","minimum":0,"default":0,"description":"References to skip (what `next` continues with)."},"timeout_ms":{"type":"integer","minimum":100,"maximum":300000,"default":60000,"description":"How long to wait for the language server, its start included."}},"$id":"toolwright:code.references/params"};

function validate4(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:code.references/params" */;
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
if(data.include_declaration === undefined){
data.include_declaration = true;
}
if(data.limit === undefined){
data.limit = 200;
}
if(data.offset === undefined){
data.offset = 0;
}
if(data.timeout_ms === undefined){
data.timeout_ms = 60000;
}
const _errs1 = errors;
for(const key0 in data){
if(!((((((((key0 === "path") || (key0 === "line")) || (key0 === "column")) || (key0 === "symbol")) || (key0 === "include_declaration")) || (key0 === "limit")) || (key0 === "offset")) || (key0 === "timeout_ms"))){
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
let data4 = data.include_declaration;
const _errs10 = errors;
if(typeof data4 !== "boolean"){
const err11 = {instancePath:instancePath+"/include_declaration",schemaPath:"#/properties/include_declaration/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
const _errs11 = errors;
var valid0 = _errs10 === errors;
let data5 = data.limit;
const _errs12 = errors;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err12 = {instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
const _errs13 = errors;
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 > 5000 || isNaN(data5)){
const err13 = {instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/maximum",keyword:"maximum",params:{comparison: "<=", limit: 5000},message:"must be <= 5000"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data5 < 1 || isNaN(data5)){
const err14 = {instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
var valid0 = _errs12 === errors;
let data6 = data.offset;
const _errs14 = errors;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err15 = {instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
const _errs15 = errors;
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 < 0 || isNaN(data6)){
const err16 = {instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
var valid0 = _errs14 === errors;
let data7 = data.timeout_ms;
const _errs16 = errors;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err17 = {instancePath:instancePath+"/timeout_ms",schemaPath:"#/properties/timeout_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
const _errs17 = errors;
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 > 300000 || isNaN(data7)){
const err18 = {instancePath:instancePath+"/timeout_ms",schemaPath:"#/properties/timeout_ms/maximum",keyword:"maximum",params:{comparison: "<=", limit: 300000},message:"must be <= 300000"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data7 < 100 || isNaN(data7)){
const err19 = {instancePath:instancePath+"/timeout_ms",schemaPath:"#/properties/timeout_ms/minimum",keyword:"minimum",params:{comparison: ">=", limit: 100},message:"must be >= 100"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
var valid0 = _errs16 === errors;
}
else {
const err20 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
validate4.errors = vErrors;
return errors === 0;
}
validate4.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const references_result = validate5;
const schema5 = {"type":"object","additionalProperties":false,"required":["references","total","truncated"],"properties":{"references":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["path","line","column"],"properties":{"path":{"type":"string","description":"Workspace-relative path; an absolute one for a file outside the workspace (a library's declarations)."},"line":{"type":"integer","description":"1-based line."},"column":{"type":"integer","description":"1-based column."},"end_line":{"type":"integer"},"end_column":{"type":"integer"},"text":{"type":"string","description":"The line's text (cut at 200 characters)."},"outside_workspace":{"type":"boolean","description":"True for a file outside the workspace (read_file cannot open it)."}}}},"total":{"type":"integer","description":"References found, over all pages."},"truncated":{"type":"boolean"},"next":{"type":"object","additionalProperties":false,"description":"The arguments of the call that continues this answer; absent when it is complete.","properties":{"path":{"type":"string"},"line":{"type":"integer"},"column":{"type":"integer"},"symbol":{"type":"string"},"include_declaration":{"type":"boolean"},"limit":{"type":"integer"},"offset":{"type":"integer"},"timeout_ms":{"type":"integer"}}},"notes":{"type":"array","items":{"type":"string"},"description":"What was left out and why (files no server covers, files past the count checked)."}},"$id":"toolwright:code.references/result"};

function validate5(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:code.references/result" */;
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
if(data.references === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "references"},message:"must have required property '"+"references"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.total === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "total"},message:"must have required property '"+"total"+"'"};
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
const _errs1 = errors;
for(const key0 in data){
if(!(((((key0 === "references") || (key0 === "total")) || (key0 === "truncated")) || (key0 === "next")) || (key0 === "notes"))){
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
if(data.references !== undefined){
let data0 = data.references;
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
const err4 = {instancePath:instancePath+"/references/" + i0,schemaPath:"#/properties/references/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data1.line === undefined){
const err5 = {instancePath:instancePath+"/references/" + i0,schemaPath:"#/properties/references/items/required",keyword:"required",params:{missingProperty: "line"},message:"must have required property '"+"line"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data1.column === undefined){
const err6 = {instancePath:instancePath+"/references/" + i0,schemaPath:"#/properties/references/items/required",keyword:"required",params:{missingProperty: "column"},message:"must have required property '"+"column"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
const _errs6 = errors;
for(const key1 in data1){
if(!(((((((key1 === "path") || (key1 === "line")) || (key1 === "column")) || (key1 === "end_line")) || (key1 === "end_column")) || (key1 === "text")) || (key1 === "outside_workspace"))){
const err7 = {instancePath:instancePath+"/references/" + i0,schemaPath:"#/properties/references/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data1.path !== undefined){
let data2 = data1.path;
const _errs7 = errors;
if(typeof data2 !== "string"){
const err8 = {instancePath:instancePath+"/references/" + i0+"/path",schemaPath:"#/properties/references/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
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
const err9 = {instancePath:instancePath+"/references/" + i0+"/line",schemaPath:"#/properties/references/items/properties/line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data1.column !== undefined){
let data4 = data1.column;
const _errs11 = errors;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err10 = {instancePath:instancePath+"/references/" + i0+"/column",schemaPath:"#/properties/references/items/properties/column/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data1.end_line !== undefined){
let data5 = data1.end_line;
const _errs13 = errors;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err11 = {instancePath:instancePath+"/references/" + i0+"/end_line",schemaPath:"#/properties/references/items/properties/end_line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data1.end_column !== undefined){
let data6 = data1.end_column;
const _errs15 = errors;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err12 = {instancePath:instancePath+"/references/" + i0+"/end_column",schemaPath:"#/properties/references/items/properties/end_column/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
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
const err13 = {instancePath:instancePath+"/references/" + i0+"/text",schemaPath:"#/properties/references/items/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
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
const err14 = {instancePath:instancePath+"/references/" + i0+"/outside_workspace",schemaPath:"#/properties/references/items/properties/outside_workspace/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
const _errs20 = errors;
var valid3 = _errs19 === errors;
}
}
else {
const err15 = {instancePath:instancePath+"/references/" + i0,schemaPath:"#/properties/references/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err16 = {instancePath:instancePath+"/references",schemaPath:"#/properties/references/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
if(data.total !== undefined){
let data9 = data.total;
const _errs21 = errors;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
const err17 = {instancePath:instancePath+"/total",schemaPath:"#/properties/total/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data.truncated !== undefined){
let data10 = data.truncated;
const _errs23 = errors;
if(typeof data10 !== "boolean"){
const err18 = {instancePath:instancePath+"/truncated",schemaPath:"#/properties/truncated/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
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
if(data.next !== undefined){
let data11 = data.next;
const _errs25 = errors;
const _errs26 = errors;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
const _errs27 = errors;
for(const key2 in data11){
if(!((((((((key2 === "path") || (key2 === "line")) || (key2 === "column")) || (key2 === "symbol")) || (key2 === "include_declaration")) || (key2 === "limit")) || (key2 === "offset")) || (key2 === "timeout_ms"))){
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
if(data11.path !== undefined){
let data12 = data11.path;
const _errs28 = errors;
if(typeof data12 !== "string"){
const err20 = {instancePath:instancePath+"/next/path",schemaPath:"#/properties/next/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
const _errs29 = errors;
var valid4 = _errs28 === errors;
}
if(data11.line !== undefined){
let data13 = data11.line;
const _errs30 = errors;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
const err21 = {instancePath:instancePath+"/next/line",schemaPath:"#/properties/next/properties/line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
const _errs31 = errors;
var valid4 = _errs30 === errors;
}
if(data11.column !== undefined){
let data14 = data11.column;
const _errs32 = errors;
if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){
const err22 = {instancePath:instancePath+"/next/column",schemaPath:"#/properties/next/properties/column/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
const _errs33 = errors;
var valid4 = _errs32 === errors;
}
if(data11.symbol !== undefined){
let data15 = data11.symbol;
const _errs34 = errors;
if(typeof data15 !== "string"){
const err23 = {instancePath:instancePath+"/next/symbol",schemaPath:"#/properties/next/properties/symbol/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
const _errs35 = errors;
var valid4 = _errs34 === errors;
}
if(data11.include_declaration !== undefined){
let data16 = data11.include_declaration;
const _errs36 = errors;
if(typeof data16 !== "boolean"){
const err24 = {instancePath:instancePath+"/next/include_declaration",schemaPath:"#/properties/next/properties/include_declaration/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
const _errs37 = errors;
var valid4 = _errs36 === errors;
}
if(data11.limit !== undefined){
let data17 = data11.limit;
const _errs38 = errors;
if(!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))){
const err25 = {instancePath:instancePath+"/next/limit",schemaPath:"#/properties/next/properties/limit/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
const _errs39 = errors;
var valid4 = _errs38 === errors;
}
if(data11.offset !== undefined){
let data18 = data11.offset;
const _errs40 = errors;
if(!(((typeof data18 == "number") && (!(data18 % 1) && !isNaN(data18))) && (isFinite(data18)))){
const err26 = {instancePath:instancePath+"/next/offset",schemaPath:"#/properties/next/properties/offset/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
const _errs41 = errors;
var valid4 = _errs40 === errors;
}
if(data11.timeout_ms !== undefined){
let data19 = data11.timeout_ms;
const _errs42 = errors;
if(!(((typeof data19 == "number") && (!(data19 % 1) && !isNaN(data19))) && (isFinite(data19)))){
const err27 = {instancePath:instancePath+"/next/timeout_ms",schemaPath:"#/properties/next/properties/timeout_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
const _errs43 = errors;
var valid4 = _errs42 === errors;
}
}
else {
const err28 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
var valid0 = _errs25 === errors;
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
const err29 = {instancePath:instancePath+"/notes/" + i1,schemaPath:"#/properties/notes/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
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
const err30 = {instancePath:instancePath+"/notes",schemaPath:"#/properties/notes/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
var valid0 = _errs44 === errors;
}
}
else {
const err31 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
validate5.errors = vErrors;
return errors === 0;
}
validate5.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const hover_result = validate6;
const schema6 = {"type":"object","additionalProperties":false,"required":["path","line","column","contents","truncated"],"properties":{"path":{"type":"string","description":"Workspace-relative path of the position."},"line":{"type":"integer"},"column":{"type":"integer"},"contents":{"type":"string","description":"The signature and documentation (Markdown); empty when the server has nothing to show there."},"truncated":{"type":"boolean"},"notes":{"type":"array","items":{"type":"string"},"description":"What was left out and why (files no server covers, files past the count checked)."}},"$id":"toolwright:code.hover/result"};

function validate6(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:code.hover/result" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate6.evaluated;
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
if(data.line === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "line"},message:"must have required property '"+"line"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.column === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "column"},message:"must have required property '"+"column"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.contents === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "contents"},message:"must have required property '"+"contents"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.truncated === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "truncated"},message:"must have required property '"+"truncated"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
const _errs1 = errors;
for(const key0 in data){
if(!((((((key0 === "path") || (key0 === "line")) || (key0 === "column")) || (key0 === "contents")) || (key0 === "truncated")) || (key0 === "notes"))){
const err5 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.path !== undefined){
let data0 = data.path;
const _errs2 = errors;
if(typeof data0 !== "string"){
const err6 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
const _errs3 = errors;
var valid0 = _errs2 === errors;
}
if(data.line !== undefined){
let data1 = data.line;
const _errs4 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err7 = {instancePath:instancePath+"/line",schemaPath:"#/properties/line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data.column !== undefined){
let data2 = data.column;
const _errs6 = errors;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err8 = {instancePath:instancePath+"/column",schemaPath:"#/properties/column/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data.contents !== undefined){
let data3 = data.contents;
const _errs8 = errors;
if(typeof data3 !== "string"){
const err9 = {instancePath:instancePath+"/contents",schemaPath:"#/properties/contents/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
}
if(data.truncated !== undefined){
let data4 = data.truncated;
const _errs10 = errors;
if(typeof data4 !== "boolean"){
const err10 = {instancePath:instancePath+"/truncated",schemaPath:"#/properties/truncated/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
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
}
if(data.notes !== undefined){
let data5 = data.notes;
const _errs12 = errors;
const _errs13 = errors;
if(Array.isArray(data5)){
let valid2 = true;
const len0 = data5.length;
for(let i0=0; i0<len0; i0++){
let data6 = data5[i0];
const _errs14 = errors;
if(typeof data6 !== "string"){
const err11 = {instancePath:instancePath+"/notes/" + i0,schemaPath:"#/properties/notes/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
const _errs15 = errors;
var valid1 = _errs14 === errors;
if(!valid1){
valid2 = false;
}
}
}
else {
const err12 = {instancePath:instancePath+"/notes",schemaPath:"#/properties/notes/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
validate6.errors = vErrors;
return errors === 0;
}
validate6.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const symbols_params = validate7;
const schema7 = {"type":"object","additionalProperties":false,"properties":{"path":{"type":"string","minLength":1,"maxLength":4096,"description":"A source file whose outline to list."},"query":{"type":"string","minLength":1,"maxLength":500,"description":"Instead of a file, a name to look for across the workspace."},"limit":{"type":"integer","minimum":1,"maximum":5000,"default":200,"description":"Most symbols to return."},"offset":{"type":"integer","minimum":0,"default":0,"description":"Symbols to skip (what `next` continues with)."},"timeout_ms":{"type":"integer","minimum":100,"maximum":300000,"default":60000,"description":"How long to wait for the language server, its start included."}},"$id":"toolwright:code.symbols/params"};

function validate7(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:code.symbols/params" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate7.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.limit === undefined){
data.limit = 200;
}
if(data.offset === undefined){
data.offset = 0;
}
if(data.timeout_ms === undefined){
data.timeout_ms = 60000;
}
const _errs1 = errors;
for(const key0 in data){
if(!(((((key0 === "path") || (key0 === "query")) || (key0 === "limit")) || (key0 === "offset")) || (key0 === "timeout_ms"))){
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
if(data.query !== undefined){
let data1 = data.query;
const _errs4 = errors;
const _errs5 = errors;
if(typeof data1 === "string"){
if(func0(data1) > 500){
const err4 = {instancePath:instancePath+"/query",schemaPath:"#/properties/query/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(func0(data1) < 1){
const err5 = {instancePath:instancePath+"/query",schemaPath:"#/properties/query/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err6 = {instancePath:instancePath+"/query",schemaPath:"#/properties/query/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
let data2 = data.limit;
const _errs6 = errors;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err7 = {instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data2 > 5000 || isNaN(data2)){
const err8 = {instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/maximum",keyword:"maximum",params:{comparison: "<=", limit: 5000},message:"must be <= 5000"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data2 < 1 || isNaN(data2)){
const err9 = {instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
var valid0 = _errs6 === errors;
let data3 = data.offset;
const _errs8 = errors;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err10 = {instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
const _errs9 = errors;
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 0 || isNaN(data3)){
const err11 = {instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
var valid0 = _errs8 === errors;
let data4 = data.timeout_ms;
const _errs10 = errors;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err12 = {instancePath:instancePath+"/timeout_ms",schemaPath:"#/properties/timeout_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
const _errs11 = errors;
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 > 300000 || isNaN(data4)){
const err13 = {instancePath:instancePath+"/timeout_ms",schemaPath:"#/properties/timeout_ms/maximum",keyword:"maximum",params:{comparison: "<=", limit: 300000},message:"must be <= 300000"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data4 < 100 || isNaN(data4)){
const err14 = {instancePath:instancePath+"/timeout_ms",schemaPath:"#/properties/timeout_ms/minimum",keyword:"minimum",params:{comparison: ">=", limit: 100},message:"must be >= 100"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
var valid0 = _errs10 === errors;
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
validate7.errors = vErrors;
return errors === 0;
}
validate7.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const symbols_result = validate8;
const schema8 = {"type":"object","additionalProperties":false,"required":["symbols","total","truncated"],"properties":{"symbols":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["name","kind","path","line","column"],"properties":{"name":{"type":"string"},"kind":{"type":"string","description":"class, method, function, variable, …"},"container":{"type":"string","description":"Its containers joined by dots (what `symbol` takes before the name)."},"path":{"type":"string"},"line":{"type":"integer"},"column":{"type":"integer"},"end_line":{"type":"integer"},"outside_workspace":{"type":"boolean"}}}},"total":{"type":"integer","description":"Symbols found, over all pages."},"truncated":{"type":"boolean"},"next":{"type":"object","additionalProperties":false,"description":"The arguments of the call that continues this answer; absent when it is complete.","properties":{"path":{"type":"string"},"query":{"type":"string"},"limit":{"type":"integer"},"offset":{"type":"integer"},"timeout_ms":{"type":"integer"}}},"notes":{"type":"array","items":{"type":"string"},"description":"What was left out and why (files no server covers, files past the count checked)."}},"$id":"toolwright:code.symbols/result"};

function validate8(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:code.symbols/result" */;
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
if(data.symbols === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "symbols"},message:"must have required property '"+"symbols"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.total === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "total"},message:"must have required property '"+"total"+"'"};
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
const _errs1 = errors;
for(const key0 in data){
if(!(((((key0 === "symbols") || (key0 === "total")) || (key0 === "truncated")) || (key0 === "next")) || (key0 === "notes"))){
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
if(data.symbols !== undefined){
let data0 = data.symbols;
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
if(data1.name === undefined){
const err4 = {instancePath:instancePath+"/symbols/" + i0,schemaPath:"#/properties/symbols/items/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data1.kind === undefined){
const err5 = {instancePath:instancePath+"/symbols/" + i0,schemaPath:"#/properties/symbols/items/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data1.path === undefined){
const err6 = {instancePath:instancePath+"/symbols/" + i0,schemaPath:"#/properties/symbols/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data1.line === undefined){
const err7 = {instancePath:instancePath+"/symbols/" + i0,schemaPath:"#/properties/symbols/items/required",keyword:"required",params:{missingProperty: "line"},message:"must have required property '"+"line"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data1.column === undefined){
const err8 = {instancePath:instancePath+"/symbols/" + i0,schemaPath:"#/properties/symbols/items/required",keyword:"required",params:{missingProperty: "column"},message:"must have required property '"+"column"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
const _errs6 = errors;
for(const key1 in data1){
if(!((((((((key1 === "name") || (key1 === "kind")) || (key1 === "container")) || (key1 === "path")) || (key1 === "line")) || (key1 === "column")) || (key1 === "end_line")) || (key1 === "outside_workspace"))){
const err9 = {instancePath:instancePath+"/symbols/" + i0,schemaPath:"#/properties/symbols/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data1.name !== undefined){
let data2 = data1.name;
const _errs7 = errors;
if(typeof data2 !== "string"){
const err10 = {instancePath:instancePath+"/symbols/" + i0+"/name",schemaPath:"#/properties/symbols/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
const _errs8 = errors;
var valid3 = _errs7 === errors;
}
if(data1.kind !== undefined){
let data3 = data1.kind;
const _errs9 = errors;
if(typeof data3 !== "string"){
const err11 = {instancePath:instancePath+"/symbols/" + i0+"/kind",schemaPath:"#/properties/symbols/items/properties/kind/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
const _errs10 = errors;
var valid3 = _errs9 === errors;
}
if(data1.container !== undefined){
let data4 = data1.container;
const _errs11 = errors;
if(typeof data4 !== "string"){
const err12 = {instancePath:instancePath+"/symbols/" + i0+"/container",schemaPath:"#/properties/symbols/items/properties/container/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
const _errs12 = errors;
var valid3 = _errs11 === errors;
}
if(data1.path !== undefined){
let data5 = data1.path;
const _errs13 = errors;
if(typeof data5 !== "string"){
const err13 = {instancePath:instancePath+"/symbols/" + i0+"/path",schemaPath:"#/properties/symbols/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
const _errs14 = errors;
var valid3 = _errs13 === errors;
}
if(data1.line !== undefined){
let data6 = data1.line;
const _errs15 = errors;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err14 = {instancePath:instancePath+"/symbols/" + i0+"/line",schemaPath:"#/properties/symbols/items/properties/line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
const _errs16 = errors;
var valid3 = _errs15 === errors;
}
if(data1.column !== undefined){
let data7 = data1.column;
const _errs17 = errors;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err15 = {instancePath:instancePath+"/symbols/" + i0+"/column",schemaPath:"#/properties/symbols/items/properties/column/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
const _errs18 = errors;
var valid3 = _errs17 === errors;
}
if(data1.end_line !== undefined){
let data8 = data1.end_line;
const _errs19 = errors;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
const err16 = {instancePath:instancePath+"/symbols/" + i0+"/end_line",schemaPath:"#/properties/symbols/items/properties/end_line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
const _errs20 = errors;
var valid3 = _errs19 === errors;
}
if(data1.outside_workspace !== undefined){
let data9 = data1.outside_workspace;
const _errs21 = errors;
if(typeof data9 !== "boolean"){
const err17 = {instancePath:instancePath+"/symbols/" + i0+"/outside_workspace",schemaPath:"#/properties/symbols/items/properties/outside_workspace/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
const _errs22 = errors;
var valid3 = _errs21 === errors;
}
}
else {
const err18 = {instancePath:instancePath+"/symbols/" + i0,schemaPath:"#/properties/symbols/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
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
const err19 = {instancePath:instancePath+"/symbols",schemaPath:"#/properties/symbols/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
var valid0 = _errs2 === errors;
}
if(data.total !== undefined){
let data10 = data.total;
const _errs23 = errors;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err20 = {instancePath:instancePath+"/total",schemaPath:"#/properties/total/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
const _errs24 = errors;
var valid0 = _errs23 === errors;
}
if(data.truncated !== undefined){
let data11 = data.truncated;
const _errs25 = errors;
if(typeof data11 !== "boolean"){
const err21 = {instancePath:instancePath+"/truncated",schemaPath:"#/properties/truncated/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
const _errs26 = errors;
var valid0 = _errs25 === errors;
}
if(data.next !== undefined){
let data12 = data.next;
const _errs27 = errors;
const _errs28 = errors;
if(data12 && typeof data12 == "object" && !Array.isArray(data12)){
const _errs29 = errors;
for(const key2 in data12){
if(!(((((key2 === "path") || (key2 === "query")) || (key2 === "limit")) || (key2 === "offset")) || (key2 === "timeout_ms"))){
const err22 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data12.path !== undefined){
let data13 = data12.path;
const _errs30 = errors;
if(typeof data13 !== "string"){
const err23 = {instancePath:instancePath+"/next/path",schemaPath:"#/properties/next/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data12.query !== undefined){
let data14 = data12.query;
const _errs32 = errors;
if(typeof data14 !== "string"){
const err24 = {instancePath:instancePath+"/next/query",schemaPath:"#/properties/next/properties/query/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data12.limit !== undefined){
let data15 = data12.limit;
const _errs34 = errors;
if(!(((typeof data15 == "number") && (!(data15 % 1) && !isNaN(data15))) && (isFinite(data15)))){
const err25 = {instancePath:instancePath+"/next/limit",schemaPath:"#/properties/next/properties/limit/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
const _errs35 = errors;
var valid4 = _errs34 === errors;
}
if(data12.offset !== undefined){
let data16 = data12.offset;
const _errs36 = errors;
if(!(((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16))) && (isFinite(data16)))){
const err26 = {instancePath:instancePath+"/next/offset",schemaPath:"#/properties/next/properties/offset/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
const _errs37 = errors;
var valid4 = _errs36 === errors;
}
if(data12.timeout_ms !== undefined){
let data17 = data12.timeout_ms;
const _errs38 = errors;
if(!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))){
const err27 = {instancePath:instancePath+"/next/timeout_ms",schemaPath:"#/properties/next/properties/timeout_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
const _errs39 = errors;
var valid4 = _errs38 === errors;
}
}
else {
const err28 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
var valid0 = _errs27 === errors;
}
if(data.notes !== undefined){
let data18 = data.notes;
const _errs40 = errors;
const _errs41 = errors;
if(Array.isArray(data18)){
let valid6 = true;
const len1 = data18.length;
for(let i1=0; i1<len1; i1++){
let data19 = data18[i1];
const _errs42 = errors;
if(typeof data19 !== "string"){
const err29 = {instancePath:instancePath+"/notes/" + i1,schemaPath:"#/properties/notes/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
const _errs43 = errors;
var valid5 = _errs42 === errors;
if(!valid5){
valid6 = false;
}
}
}
else {
const err30 = {instancePath:instancePath+"/notes",schemaPath:"#/properties/notes/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
var valid0 = _errs40 === errors;
}
}
else {
const err31 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
validate8.errors = vErrors;
return errors === 0;
}
validate8.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const rename_params = validate9;
const schema9 = {"type":"object","additionalProperties":false,"required":["new_name"],"properties":{"path":{"type":"string","minLength":1,"maxLength":4096,"description":"The file of the position (with line and column), or the file to look for `symbol` in."},"line":{"type":"integer","minimum":1,"description":"1-based line of the position."},"column":{"type":"integer","minimum":1,"description":"1-based column of the position (characters, as read_file shows the line); any character of the name."},"symbol":{"type":"string","minLength":1,"maxLength":500,"description":"Instead of a position: the symbol's name, with its containers joined by dots (Foo.bar, module.function)."},"new_name":{"type":"string","minLength":1,"maxLength":500,"description":"The new name."},"dry_run":{"type":"boolean","default":true,"description":"Return the diff without writing (default); false applies it."},"timeout_ms":{"type":"integer","minimum":100,"maximum":300000,"default":60000,"description":"How long to wait for the language server, its start included."}},"$id":"toolwright:code.rename/params"};

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

export const hover_params = definition_params;
