// Generated from catalog.yaml — do not edit. Run `toolwright generate`.
// @ts-nocheck — Ajv standalone output is not written to pass the type checker; validators.ts types it.
import { ajvRuntimeModule } from 'toolwright/validator-runtime';
const runtimeHelper0 = ajvRuntimeModule("ajv/dist/runtime/ucs2length");

export const symbols_params = validate7;
const schema7 = {"type":"object","additionalProperties":false,"properties":{"path":{"type":"string","minLength":1,"maxLength":4096,"description":"A source file whose outline to list."},"query":{"type":"string","minLength":1,"maxLength":500,"description":"Instead of a file, a name to look for across the workspace."},"limit":{"type":"integer","minimum":1,"maximum":5000,"default":200,"description":"Most symbols to return."},"offset":{"type":"integer","minimum":0,"default":0,"description":"Symbols to skip (what `next` continues with)."},"timeout_ms":{"type":"integer","minimum":100,"maximum":300000,"default":60000,"description":"How long to wait for the language server, its start included."}},"$id":"toolwright:code.symbols/params"};
const func0 = runtimeHelper0.default;

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
