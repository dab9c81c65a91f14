// Generated from catalog.yaml — do not edit. Run `toolwright generate`.
// @ts-nocheck — Ajv standalone output is not written to pass the type checker; validators.ts types it.
import { ajvRuntimeModule } from 'toolwright/validator-runtime';
const runtimeHelper0 = ajvRuntimeModule("ajv/dist/runtime/ucs2length");

export const read_file_params = validate0;
const schema0 = {"type":"object","additionalProperties":false,"required":["path"],"properties":{"path":{"type":"string","minLength":1,"maxLength":4096,"description":"File path, relative to the workspace root or absolute inside it."},"offset":{"type":"integer","default":1,"description":"Line to start from, 1-based; negative counts from the end (-50 starts 50 lines before the end, -1 is the last line). For a notebook, the first cell to show. 0 is invalid."},"limit":{"type":"integer","minimum":1,"maximum":100000,"default":2000,"description":"Maximum number of lines (notebook cells) to return."},"line_numbers":{"type":"boolean","default":true,"description":"Prefix each line with its line number and a tab."},"count_lines":{"type":"boolean","default":false,"description":"Count all lines of a large file so total_lines is exact (reads the whole file once; later reads of the same file version reuse the count)."},"pages":{"type":"string","pattern":"^[1-9][0-9]{0,5}(-[1-9][0-9]{0,5})?$","description":"PDF only, the pages to extract, e.g. \"3\" or \"1-5\" (default \"1-20\"; at most 20 pages per call)."}},"$id":"toolwright:filesystem.read_file/params"};
const func0 = runtimeHelper0.default;
const pattern0 = new RegExp("^[1-9][0-9]{0,5}(-[1-9][0-9]{0,5})?$", "u");

function validate0(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:filesystem.read_file/params" */;
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
if(data.offset === undefined){
data.offset = 1;
}
if(data.limit === undefined){
data.limit = 2000;
}
if(data.line_numbers === undefined){
data.line_numbers = true;
}
if(data.count_lines === undefined){
data.count_lines = false;
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
const _errs1 = errors;
for(const key0 in data){
if(!((((((key0 === "path") || (key0 === "offset")) || (key0 === "limit")) || (key0 === "line_numbers")) || (key0 === "count_lines")) || (key0 === "pages"))){
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
let data1 = data.offset;
const _errs4 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err5 = {instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data2 > 100000 || isNaN(data2)){
const err7 = {instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100000},message:"must be <= 100000"};
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
let data3 = data.line_numbers;
const _errs8 = errors;
if(typeof data3 !== "boolean"){
const err9 = {instancePath:instancePath+"/line_numbers",schemaPath:"#/properties/line_numbers/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
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
let data4 = data.count_lines;
const _errs10 = errors;
if(typeof data4 !== "boolean"){
const err10 = {instancePath:instancePath+"/count_lines",schemaPath:"#/properties/count_lines/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
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
if(data.pages !== undefined){
let data5 = data.pages;
const _errs12 = errors;
const _errs13 = errors;
if(typeof data5 === "string"){
if(!pattern0.test(data5)){
const err11 = {instancePath:instancePath+"/pages",schemaPath:"#/properties/pages/pattern",keyword:"pattern",params:{pattern: "^[1-9][0-9]{0,5}(-[1-9][0-9]{0,5})?$"},message:"must match pattern \""+"^[1-9][0-9]{0,5}(-[1-9][0-9]{0,5})?$"+"\""};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/pages",schemaPath:"#/properties/pages/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
validate0.errors = vErrors;
return errors === 0;
}
validate0.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const read_file_result = validate1;
const schema1 = {"type":"object","additionalProperties":false,"required":["path","type","content","truncated"],"properties":{"path":{"type":"string","description":"Workspace-relative path with / separators."},"type":{"type":"string","enum":["text","image","pdf","notebook"],"description":"What the file is; the fields below marked with a type are set for that type only."},"content":{"type":"string","description":"text: the lines of the window joined with newlines (numbered unless line_numbers is false); pdf: the pages' text under '--- page N ---' headers; notebook: the cells and their text outputs; image: a one-line description."},"truncated":{"type":"boolean","description":"True when more follows (lines, pages or cells) or something was cut."},"start_line":{"type":"integer","description":"text: line number of the first line shown; negative when counted from the end (-1 = last line) because the total is not known."},"end_line":{"type":"integer","description":"text: line number of the last line shown (start_line - 1 when the window is empty)."},"total_lines":{"type":"integer","description":"text: number of lines in the file, when known (exact whenever present)."},"total_lines_known":{"type":"boolean","description":"text: false when the file is too large to count without reading it all; pass count_lines: true to count it."},"encoding":{"type":"string","description":"text: how the file was decoded: utf-8, utf-8-bom, utf-16le, utf-16be, or a legacy encoding such as windows-1252, iso-8859-2, shift_jis, gbk, big5, euc-kr. Edits and writes keep it."},"encoding_confidence":{"type":"number","description":"text, legacy encodings: the detector's confidence 0-1 (0: no confident guess, decoded as a single-byte fallback)."},"next_offset":{"type":"integer","description":"text, notebook: the offset to pass to continue reading, when more follows."},"next":{"type":"object","additionalProperties":false,"required":["path"],"description":"The exact arguments of the read_file call that continues where this one stopped (the same arguments with offset, or pages, moved on); absent when nothing more follows.","properties":{"path":{"type":"string"},"offset":{"type":"integer"},"limit":{"type":"integer"},"line_numbers":{"type":"boolean"},"count_lines":{"type":"boolean"},"pages":{"type":"string"}}},"mime_type":{"type":"string","enum":["image/png","image/jpeg","image/gif","image/webp"],"description":"image: the type of data."},"data":{"type":"string","description":"image: the image, base64-encoded (scaled down when larger than the limits)."},"width":{"type":"integer","description":"image: width of data in pixels."},"height":{"type":"integer","description":"image: height of data in pixels."},"original_width":{"type":"integer","description":"image: width of the file's image."},"original_height":{"type":"integer","description":"image: height of the file's image."},"page_count":{"type":"integer","description":"pdf: number of pages in the document."},"pages":{"type":"string","description":"pdf: the pages shown, e.g. 1-5."},"next_pages":{"type":"string","description":"pdf: the pages to ask for next, when more follow."},"cell_count":{"type":"integer","description":"notebook: number of cells."}},"oneOf":[{"type":"object","additionalProperties":false,"required":["start_line","end_line","total_lines_known","encoding"],"properties":{"type":{"const":"text"},"path":true,"content":true,"truncated":true,"start_line":true,"end_line":true,"total_lines":true,"total_lines_known":true,"encoding":true,"encoding_confidence":true,"next_offset":true,"next":true}},{"type":"object","additionalProperties":false,"required":["mime_type","data","width","height","original_width","original_height"],"properties":{"type":{"const":"image"},"path":true,"content":true,"truncated":true,"mime_type":true,"data":true,"width":true,"height":true,"original_width":true,"original_height":true}},{"type":"object","additionalProperties":false,"required":["page_count","pages"],"properties":{"type":{"const":"pdf"},"path":true,"content":true,"truncated":true,"page_count":true,"pages":true,"next_pages":true,"next":true}},{"type":"object","additionalProperties":false,"required":["cell_count"],"properties":{"type":{"const":"notebook"},"path":true,"content":true,"truncated":true,"cell_count":true,"next_offset":true,"next":true}}],"$id":"toolwright:filesystem.read_file/result"};
const func2 = Object.prototype.hasOwnProperty;

function validate1(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:filesystem.read_file/result" */;
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
const _errs1 = errors;
let valid0 = false;
let passing0 = null;
const _errs2 = errors;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.start_line === undefined){
const err0 = {instancePath,schemaPath:"#/oneOf/0/required",keyword:"required",params:{missingProperty: "start_line"},message:"must have required property '"+"start_line"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.end_line === undefined){
const err1 = {instancePath,schemaPath:"#/oneOf/0/required",keyword:"required",params:{missingProperty: "end_line"},message:"must have required property '"+"end_line"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.total_lines_known === undefined){
const err2 = {instancePath,schemaPath:"#/oneOf/0/required",keyword:"required",params:{missingProperty: "total_lines_known"},message:"must have required property '"+"total_lines_known"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.encoding === undefined){
const err3 = {instancePath,schemaPath:"#/oneOf/0/required",keyword:"required",params:{missingProperty: "encoding"},message:"must have required property '"+"encoding"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
const _errs4 = errors;
for(const key0 in data){
if(!(func2.call(schema1.oneOf[0].properties, key0))){
const err4 = {instancePath,schemaPath:"#/oneOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.type !== undefined){
let data0 = data.type;
const _errs5 = errors;
if("text" !== data0){
const err5 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/0/properties/type/const",keyword:"const",params:{allowedValue: "text"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
var valid1 = _errs5 === errors;
}
}
else {
const err6 = {instancePath,schemaPath:"#/oneOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
var _valid0 = _errs2 === errors;
if(_valid0){
valid0 = true;
passing0 = 0;
var props0 = true;
}
const _errs6 = errors;
const _errs7 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.mime_type === undefined){
const err7 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "mime_type"},message:"must have required property '"+"mime_type"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.data === undefined){
const err8 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "data"},message:"must have required property '"+"data"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.width === undefined){
const err9 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.height === undefined){
const err10 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "height"},message:"must have required property '"+"height"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data.original_width === undefined){
const err11 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "original_width"},message:"must have required property '"+"original_width"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data.original_height === undefined){
const err12 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "original_height"},message:"must have required property '"+"original_height"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
const _errs8 = errors;
for(const key1 in data){
if(!(func2.call(schema1.oneOf[1].properties, key1))){
const err13 = {instancePath,schemaPath:"#/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.type !== undefined){
let data1 = data.type;
const _errs9 = errors;
if("image" !== data1){
const err14 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/1/properties/type/const",keyword:"const",params:{allowedValue: "image"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var valid2 = _errs9 === errors;
}
}
else {
const err15 = {instancePath,schemaPath:"#/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
var _valid0 = _errs6 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid0 = true;
passing0 = 1;
if(props0 !== true){
props0 = true;
}
}
const _errs10 = errors;
const _errs11 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.page_count === undefined){
const err16 = {instancePath,schemaPath:"#/oneOf/2/required",keyword:"required",params:{missingProperty: "page_count"},message:"must have required property '"+"page_count"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data.pages === undefined){
const err17 = {instancePath,schemaPath:"#/oneOf/2/required",keyword:"required",params:{missingProperty: "pages"},message:"must have required property '"+"pages"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
const _errs12 = errors;
for(const key2 in data){
if(!((((((((key2 === "type") || (key2 === "path")) || (key2 === "content")) || (key2 === "truncated")) || (key2 === "page_count")) || (key2 === "pages")) || (key2 === "next_pages")) || (key2 === "next"))){
const err18 = {instancePath,schemaPath:"#/oneOf/2/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.type !== undefined){
let data2 = data.type;
const _errs13 = errors;
if("pdf" !== data2){
const err19 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/2/properties/type/const",keyword:"const",params:{allowedValue: "pdf"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
var valid3 = _errs13 === errors;
}
}
else {
const err20 = {instancePath,schemaPath:"#/oneOf/2/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
var _valid0 = _errs10 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 2];
}
else {
if(_valid0){
valid0 = true;
passing0 = 2;
if(props0 !== true){
props0 = true;
}
}
const _errs14 = errors;
const _errs15 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.cell_count === undefined){
const err21 = {instancePath,schemaPath:"#/oneOf/3/required",keyword:"required",params:{missingProperty: "cell_count"},message:"must have required property '"+"cell_count"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
const _errs16 = errors;
for(const key3 in data){
if(!(((((((key3 === "type") || (key3 === "path")) || (key3 === "content")) || (key3 === "truncated")) || (key3 === "cell_count")) || (key3 === "next_offset")) || (key3 === "next"))){
const err22 = {instancePath,schemaPath:"#/oneOf/3/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.type !== undefined){
let data3 = data.type;
const _errs17 = errors;
if("notebook" !== data3){
const err23 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/3/properties/type/const",keyword:"const",params:{allowedValue: "notebook"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
var valid4 = _errs17 === errors;
}
}
else {
const err24 = {instancePath,schemaPath:"#/oneOf/3/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
var _valid0 = _errs14 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 3];
}
else {
if(_valid0){
valid0 = true;
passing0 = 3;
if(props0 !== true){
props0 = true;
}
}
}
}
}
if(!valid0){
const err25 = {instancePath,schemaPath:"#/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
else {
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.path === undefined){
const err26 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(data.type === undefined){
const err27 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(data.content === undefined){
const err28 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "content"},message:"must have required property '"+"content"+"'"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if(data.truncated === undefined){
const err29 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "truncated"},message:"must have required property '"+"truncated"+"'"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
const _errs18 = errors;
for(const key4 in data){
if(!(func2.call(schema1.properties, key4))){
const err30 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data.path !== undefined){
let data4 = data.path;
const _errs19 = errors;
if(typeof data4 !== "string"){
const err31 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
const _errs20 = errors;
var valid5 = _errs19 === errors;
}
if(data.type !== undefined){
let data5 = data.type;
const _errs21 = errors;
if(typeof data5 !== "string"){
const err32 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
const _errs22 = errors;
const vSchema0 = schema1.properties.type.enum;
if(!((((data5 === "text") || (data5 === "image")) || (data5 === "pdf")) || (data5 === "notebook"))){
const err33 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/enum",keyword:"enum",params:{allowedValues: schema1.properties.type.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
var valid5 = _errs21 === errors;
}
if(data.content !== undefined){
let data6 = data.content;
const _errs23 = errors;
if(typeof data6 !== "string"){
const err34 = {instancePath:instancePath+"/content",schemaPath:"#/properties/content/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
const _errs24 = errors;
var valid5 = _errs23 === errors;
}
if(data.truncated !== undefined){
let data7 = data.truncated;
const _errs25 = errors;
if(typeof data7 !== "boolean"){
const err35 = {instancePath:instancePath+"/truncated",schemaPath:"#/properties/truncated/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
const _errs26 = errors;
var valid5 = _errs25 === errors;
}
if(data.start_line !== undefined){
let data8 = data.start_line;
const _errs27 = errors;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
const err36 = {instancePath:instancePath+"/start_line",schemaPath:"#/properties/start_line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
const _errs28 = errors;
var valid5 = _errs27 === errors;
}
if(data.end_line !== undefined){
let data9 = data.end_line;
const _errs29 = errors;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
const err37 = {instancePath:instancePath+"/end_line",schemaPath:"#/properties/end_line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
const _errs30 = errors;
var valid5 = _errs29 === errors;
}
if(data.total_lines !== undefined){
let data10 = data.total_lines;
const _errs31 = errors;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err38 = {instancePath:instancePath+"/total_lines",schemaPath:"#/properties/total_lines/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
const _errs32 = errors;
var valid5 = _errs31 === errors;
}
if(data.total_lines_known !== undefined){
let data11 = data.total_lines_known;
const _errs33 = errors;
if(typeof data11 !== "boolean"){
const err39 = {instancePath:instancePath+"/total_lines_known",schemaPath:"#/properties/total_lines_known/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
const _errs34 = errors;
var valid5 = _errs33 === errors;
}
if(data.encoding !== undefined){
let data12 = data.encoding;
const _errs35 = errors;
if(typeof data12 !== "string"){
const err40 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
const _errs36 = errors;
var valid5 = _errs35 === errors;
}
if(data.encoding_confidence !== undefined){
let data13 = data.encoding_confidence;
const _errs37 = errors;
if(!((typeof data13 == "number") && (isFinite(data13)))){
const err41 = {instancePath:instancePath+"/encoding_confidence",schemaPath:"#/properties/encoding_confidence/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
const _errs38 = errors;
var valid5 = _errs37 === errors;
}
if(data.next_offset !== undefined){
let data14 = data.next_offset;
const _errs39 = errors;
if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){
const err42 = {instancePath:instancePath+"/next_offset",schemaPath:"#/properties/next_offset/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
const _errs40 = errors;
var valid5 = _errs39 === errors;
}
if(data.next !== undefined){
let data15 = data.next;
const _errs41 = errors;
const _errs42 = errors;
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
if(data15.path === undefined){
const err43 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
const _errs43 = errors;
for(const key5 in data15){
if(!((((((key5 === "path") || (key5 === "offset")) || (key5 === "limit")) || (key5 === "line_numbers")) || (key5 === "count_lines")) || (key5 === "pages"))){
const err44 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data15.path !== undefined){
let data16 = data15.path;
const _errs44 = errors;
if(typeof data16 !== "string"){
const err45 = {instancePath:instancePath+"/next/path",schemaPath:"#/properties/next/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
const _errs45 = errors;
var valid6 = _errs44 === errors;
}
if(data15.offset !== undefined){
let data17 = data15.offset;
const _errs46 = errors;
if(!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))){
const err46 = {instancePath:instancePath+"/next/offset",schemaPath:"#/properties/next/properties/offset/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
const _errs47 = errors;
var valid6 = _errs46 === errors;
}
if(data15.limit !== undefined){
let data18 = data15.limit;
const _errs48 = errors;
if(!(((typeof data18 == "number") && (!(data18 % 1) && !isNaN(data18))) && (isFinite(data18)))){
const err47 = {instancePath:instancePath+"/next/limit",schemaPath:"#/properties/next/properties/limit/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
const _errs49 = errors;
var valid6 = _errs48 === errors;
}
if(data15.line_numbers !== undefined){
let data19 = data15.line_numbers;
const _errs50 = errors;
if(typeof data19 !== "boolean"){
const err48 = {instancePath:instancePath+"/next/line_numbers",schemaPath:"#/properties/next/properties/line_numbers/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
const _errs51 = errors;
var valid6 = _errs50 === errors;
}
if(data15.count_lines !== undefined){
let data20 = data15.count_lines;
const _errs52 = errors;
if(typeof data20 !== "boolean"){
const err49 = {instancePath:instancePath+"/next/count_lines",schemaPath:"#/properties/next/properties/count_lines/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
const _errs53 = errors;
var valid6 = _errs52 === errors;
}
if(data15.pages !== undefined){
let data21 = data15.pages;
const _errs54 = errors;
if(typeof data21 !== "string"){
const err50 = {instancePath:instancePath+"/next/pages",schemaPath:"#/properties/next/properties/pages/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
const _errs55 = errors;
var valid6 = _errs54 === errors;
}
}
else {
const err51 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
var valid5 = _errs41 === errors;
}
if(data.mime_type !== undefined){
let data22 = data.mime_type;
const _errs56 = errors;
if(typeof data22 !== "string"){
const err52 = {instancePath:instancePath+"/mime_type",schemaPath:"#/properties/mime_type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
const _errs57 = errors;
const vSchema1 = schema1.properties.mime_type.enum;
if(!((((data22 === "image/png") || (data22 === "image/jpeg")) || (data22 === "image/gif")) || (data22 === "image/webp"))){
const err53 = {instancePath:instancePath+"/mime_type",schemaPath:"#/properties/mime_type/enum",keyword:"enum",params:{allowedValues: schema1.properties.mime_type.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
var valid5 = _errs56 === errors;
}
if(data.data !== undefined){
let data23 = data.data;
const _errs58 = errors;
if(typeof data23 !== "string"){
const err54 = {instancePath:instancePath+"/data",schemaPath:"#/properties/data/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
const _errs59 = errors;
var valid5 = _errs58 === errors;
}
if(data.width !== undefined){
let data24 = data.width;
const _errs60 = errors;
if(!(((typeof data24 == "number") && (!(data24 % 1) && !isNaN(data24))) && (isFinite(data24)))){
const err55 = {instancePath:instancePath+"/width",schemaPath:"#/properties/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
const _errs61 = errors;
var valid5 = _errs60 === errors;
}
if(data.height !== undefined){
let data25 = data.height;
const _errs62 = errors;
if(!(((typeof data25 == "number") && (!(data25 % 1) && !isNaN(data25))) && (isFinite(data25)))){
const err56 = {instancePath:instancePath+"/height",schemaPath:"#/properties/height/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
const _errs63 = errors;
var valid5 = _errs62 === errors;
}
if(data.original_width !== undefined){
let data26 = data.original_width;
const _errs64 = errors;
if(!(((typeof data26 == "number") && (!(data26 % 1) && !isNaN(data26))) && (isFinite(data26)))){
const err57 = {instancePath:instancePath+"/original_width",schemaPath:"#/properties/original_width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
const _errs65 = errors;
var valid5 = _errs64 === errors;
}
if(data.original_height !== undefined){
let data27 = data.original_height;
const _errs66 = errors;
if(!(((typeof data27 == "number") && (!(data27 % 1) && !isNaN(data27))) && (isFinite(data27)))){
const err58 = {instancePath:instancePath+"/original_height",schemaPath:"#/properties/original_height/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
const _errs67 = errors;
var valid5 = _errs66 === errors;
}
if(data.page_count !== undefined){
let data28 = data.page_count;
const _errs68 = errors;
if(!(((typeof data28 == "number") && (!(data28 % 1) && !isNaN(data28))) && (isFinite(data28)))){
const err59 = {instancePath:instancePath+"/page_count",schemaPath:"#/properties/page_count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
const _errs69 = errors;
var valid5 = _errs68 === errors;
}
if(data.pages !== undefined){
let data29 = data.pages;
const _errs70 = errors;
if(typeof data29 !== "string"){
const err60 = {instancePath:instancePath+"/pages",schemaPath:"#/properties/pages/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
const _errs71 = errors;
var valid5 = _errs70 === errors;
}
if(data.next_pages !== undefined){
let data30 = data.next_pages;
const _errs72 = errors;
if(typeof data30 !== "string"){
const err61 = {instancePath:instancePath+"/next_pages",schemaPath:"#/properties/next_pages/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
const _errs73 = errors;
var valid5 = _errs72 === errors;
}
if(data.cell_count !== undefined){
let data31 = data.cell_count;
const _errs74 = errors;
if(!(((typeof data31 == "number") && (!(data31 % 1) && !isNaN(data31))) && (isFinite(data31)))){
const err62 = {instancePath:instancePath+"/cell_count",schemaPath:"#/properties/cell_count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
const _errs75 = errors;
var valid5 = _errs74 === errors;
}
}
else {
const err63 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
validate1.errors = vErrors;
return errors === 0;
}
validate1.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
