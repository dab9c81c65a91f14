// Generated from catalog.yaml — do not edit. Run `toolwright generate`.
// @ts-nocheck — Ajv standalone output is not written to pass the type checker; validators.ts types it.
import { ajvRuntimeModule } from 'toolwright/validator-runtime';
const runtimeHelper0 = ajvRuntimeModule("ajv/dist/runtime/ucs2length");

export const web_fetch_params = validate0;
const schema0 = {"type":"object","additionalProperties":false,"required":["url"],"properties":{"url":{"type":"string","minLength":1,"maxLength":8192,"description":"Absolute http:// or https:// URL to fetch."},"format":{"type":"string","enum":["markdown","text","raw"],"default":"markdown","description":"How to return HTML pages - markdown (default), text (no markup) or raw (the HTML as received). Non-HTML content is always returned as received."},"max_bytes":{"type":"integer","minimum":1,"maximum":104857600,"default":1048576,"description":"Most bytes of (decompressed) body to read (default 1 MiB); the rest is cut and truncated is set. Raise it for long pages or documents."},"start_index":{"type":"integer","minimum":0,"default":0,"description":"Byte position in the (decompressed) body to read from, skipping what comes before; a cut answer's next gives it."},"timeout_ms":{"type":"integer","minimum":100,"maximum":120000,"default":30000,"description":"Time limit for the whole fetch, redirects included, in milliseconds."}},"$id":"toolwright:web.web_fetch/params"};
const func0 = runtimeHelper0.default;

function validate0(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:web.web_fetch/params" */;
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
if(data.format === undefined){
data.format = "markdown";
}
if(data.max_bytes === undefined){
data.max_bytes = 1048576;
}
if(data.start_index === undefined){
data.start_index = 0;
}
if(data.timeout_ms === undefined){
data.timeout_ms = 30000;
}
if(data.url === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
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
if(!(((((key0 === "url") || (key0 === "format")) || (key0 === "max_bytes")) || (key0 === "start_index")) || (key0 === "timeout_ms"))){
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
if(data.url !== undefined){
let data0 = data.url;
const _errs2 = errors;
const _errs3 = errors;
if(typeof data0 === "string"){
if(func0(data0) > 8192){
const err2 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/maxLength",keyword:"maxLength",params:{limit: 8192},message:"must NOT have more than 8192 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(func0(data0) < 1){
const err3 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err4 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
let data1 = data.format;
const _errs4 = errors;
if(typeof data1 !== "string"){
const err5 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
const _errs5 = errors;
const vSchema0 = schema0.properties.format.enum;
if(!(((data1 === "markdown") || (data1 === "text")) || (data1 === "raw"))){
const err6 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/enum",keyword:"enum",params:{allowedValues: schema0.properties.format.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
var valid0 = _errs4 === errors;
let data2 = data.max_bytes;
const _errs6 = errors;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err7 = {instancePath:instancePath+"/max_bytes",schemaPath:"#/properties/max_bytes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data2 > 104857600 || isNaN(data2)){
const err8 = {instancePath:instancePath+"/max_bytes",schemaPath:"#/properties/max_bytes/maximum",keyword:"maximum",params:{comparison: "<=", limit: 104857600},message:"must be <= 104857600"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data2 < 1 || isNaN(data2)){
const err9 = {instancePath:instancePath+"/max_bytes",schemaPath:"#/properties/max_bytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
let data3 = data.start_index;
const _errs8 = errors;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err10 = {instancePath:instancePath+"/start_index",schemaPath:"#/properties/start_index/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
const err11 = {instancePath:instancePath+"/start_index",schemaPath:"#/properties/start_index/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data4 > 120000 || isNaN(data4)){
const err13 = {instancePath:instancePath+"/timeout_ms",schemaPath:"#/properties/timeout_ms/maximum",keyword:"maximum",params:{comparison: "<=", limit: 120000},message:"must be <= 120000"};
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
validate0.errors = vErrors;
return errors === 0;
}
validate0.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const web_fetch_result = validate1;
const schema1 = {"type":"object","additionalProperties":false,"required":["url","final_url","status","content_type","content","bytes","truncated"],"properties":{"url":{"type":"string","description":"The URL as requested."},"final_url":{"type":"string","description":"The URL the content came from, after redirects."},"status":{"type":"integer","description":"HTTP status of the final response."},"content_type":{"type":"string","description":"The response's Content-Type header ('' when absent)."},"title":{"type":"string","description":"The HTML page's title, when it has one."},"content":{"type":"string","description":"The page as Markdown or text (see format), or the body as received."},"bytes":{"type":"integer","description":"Bytes of (decompressed) body read."},"truncated":{"type":"boolean","description":"True when the body was longer than max_bytes and was cut."},"next":{"type":"object","additionalProperties":false,"required":["url","start_index"],"description":"The exact arguments of the web_fetch call that reads the body on from where this one cut it (start_index moved on); absent when the body ended.","properties":{"url":{"type":"string"},"format":{"type":"string"},"max_bytes":{"type":"integer"},"timeout_ms":{"type":"integer"},"start_index":{"type":"integer"}}}},"$id":"toolwright:web.web_fetch/result"};
const func2 = Object.prototype.hasOwnProperty;

function validate1(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:web.web_fetch/result" */;
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
if(data.url === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.final_url === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "final_url"},message:"must have required property '"+"final_url"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.status === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.content_type === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "content_type"},message:"must have required property '"+"content_type"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.content === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "content"},message:"must have required property '"+"content"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.bytes === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "bytes"},message:"must have required property '"+"bytes"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.truncated === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "truncated"},message:"must have required property '"+"truncated"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
const _errs1 = errors;
for(const key0 in data){
if(!(func2.call(schema1.properties, key0))){
const err7 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.url !== undefined){
let data0 = data.url;
const _errs2 = errors;
if(typeof data0 !== "string"){
const err8 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
const _errs3 = errors;
var valid0 = _errs2 === errors;
}
if(data.final_url !== undefined){
let data1 = data.final_url;
const _errs4 = errors;
if(typeof data1 !== "string"){
const err9 = {instancePath:instancePath+"/final_url",schemaPath:"#/properties/final_url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
const _errs5 = errors;
var valid0 = _errs4 === errors;
}
if(data.status !== undefined){
let data2 = data.status;
const _errs6 = errors;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err10 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
const _errs7 = errors;
var valid0 = _errs6 === errors;
}
if(data.content_type !== undefined){
let data3 = data.content_type;
const _errs8 = errors;
if(typeof data3 !== "string"){
const err11 = {instancePath:instancePath+"/content_type",schemaPath:"#/properties/content_type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
const _errs9 = errors;
var valid0 = _errs8 === errors;
}
if(data.title !== undefined){
let data4 = data.title;
const _errs10 = errors;
if(typeof data4 !== "string"){
const err12 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
const _errs11 = errors;
var valid0 = _errs10 === errors;
}
if(data.content !== undefined){
let data5 = data.content;
const _errs12 = errors;
if(typeof data5 !== "string"){
const err13 = {instancePath:instancePath+"/content",schemaPath:"#/properties/content/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
const _errs13 = errors;
var valid0 = _errs12 === errors;
}
if(data.bytes !== undefined){
let data6 = data.bytes;
const _errs14 = errors;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err14 = {instancePath:instancePath+"/bytes",schemaPath:"#/properties/bytes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
const _errs15 = errors;
var valid0 = _errs14 === errors;
}
if(data.truncated !== undefined){
let data7 = data.truncated;
const _errs16 = errors;
if(typeof data7 !== "boolean"){
const err15 = {instancePath:instancePath+"/truncated",schemaPath:"#/properties/truncated/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
const _errs17 = errors;
var valid0 = _errs16 === errors;
}
if(data.next !== undefined){
let data8 = data.next;
const _errs18 = errors;
const _errs19 = errors;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.url === undefined){
const err16 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data8.start_index === undefined){
const err17 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/required",keyword:"required",params:{missingProperty: "start_index"},message:"must have required property '"+"start_index"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
const _errs20 = errors;
for(const key1 in data8){
if(!(((((key1 === "url") || (key1 === "format")) || (key1 === "max_bytes")) || (key1 === "timeout_ms")) || (key1 === "start_index"))){
const err18 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data8.url !== undefined){
let data9 = data8.url;
const _errs21 = errors;
if(typeof data9 !== "string"){
const err19 = {instancePath:instancePath+"/next/url",schemaPath:"#/properties/next/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
const _errs22 = errors;
var valid1 = _errs21 === errors;
}
if(data8.format !== undefined){
let data10 = data8.format;
const _errs23 = errors;
if(typeof data10 !== "string"){
const err20 = {instancePath:instancePath+"/next/format",schemaPath:"#/properties/next/properties/format/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
const _errs24 = errors;
var valid1 = _errs23 === errors;
}
if(data8.max_bytes !== undefined){
let data11 = data8.max_bytes;
const _errs25 = errors;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
const err21 = {instancePath:instancePath+"/next/max_bytes",schemaPath:"#/properties/next/properties/max_bytes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
const _errs26 = errors;
var valid1 = _errs25 === errors;
}
if(data8.timeout_ms !== undefined){
let data12 = data8.timeout_ms;
const _errs27 = errors;
if(!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))){
const err22 = {instancePath:instancePath+"/next/timeout_ms",schemaPath:"#/properties/next/properties/timeout_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
const _errs28 = errors;
var valid1 = _errs27 === errors;
}
if(data8.start_index !== undefined){
let data13 = data8.start_index;
const _errs29 = errors;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
const err23 = {instancePath:instancePath+"/next/start_index",schemaPath:"#/properties/next/properties/start_index/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
const _errs30 = errors;
var valid1 = _errs29 === errors;
}
}
else {
const err24 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
var valid0 = _errs18 === errors;
}
}
else {
const err25 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
validate1.errors = vErrors;
return errors === 0;
}
validate1.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
