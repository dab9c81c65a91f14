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

export const write_file_params = validate2;
const schema2 = {"type":"object","additionalProperties":false,"required":["path","content"],"properties":{"path":{"type":"string","minLength":1,"maxLength":4096,"description":"File path, relative to the workspace root or absolute inside it."},"content":{"type":"string","description":"The complete new content of the file (UTF-8)."}},"$id":"toolwright:filesystem.write_file/params"};

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

export const edit_file_params = validate4;
const schema4 = {"type":"object","additionalProperties":false,"required":["path","old_str","new_str"],"properties":{"path":{"type":"string","minLength":1,"maxLength":4096,"description":"File path, relative to the workspace root or absolute inside it."},"old_str":{"type":"string","description":"The exact text to replace; empty to create a new file."},"new_str":{"type":"string","description":"The replacement text (inserted literally)."},"replace_all":{"type":"boolean","default":false,"description":"Replace every occurrence instead of requiring exactly one."},"dry_run":{"type":"boolean","default":false,"description":"Return the diff the edit would make without writing anything."},"match":{"type":"string","enum":["exact","loose"],"default":"exact","description":"exact: old_str must occur as given. loose: when it does not, it may differ from one region of the file in trailing whitespace, the indentation offset of the whole region (new_str is re-indented by the same offset; lines nested otherwise than in the file are no match), line endings and typographic quotes; two or more such regions refuse the edit."}},"$id":"toolwright:filesystem.edit_file/params"};

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

export const multi_edit_params = validate6;
const schema6 = {"type":"object","additionalProperties":false,"required":["path","edits"],"properties":{"path":{"type":"string","minLength":1,"maxLength":4096,"description":"File path, relative to the workspace root or absolute inside it."},"edits":{"type":"array","minItems":1,"maxItems":200,"description":"The replacements, applied in this order.","items":{"type":"object","additionalProperties":false,"required":["old_str","new_str"],"properties":{"old_str":{"type":"string","minLength":1,"description":"The exact text to replace (after the edits before this one)."},"new_str":{"type":"string","description":"The replacement text (inserted literally)."},"replace_all":{"type":"boolean","default":false,"description":"Replace every occurrence instead of requiring exactly one."}}}},"dry_run":{"type":"boolean","default":false,"description":"Return the diff the edits would make without writing anything."},"match":{"type":"string","enum":["exact","loose"],"default":"exact","description":"exact: old_str must occur as given. loose: when it does not, it may differ from one region of the file in trailing whitespace, the indentation offset of the whole region (new_str is re-indented by the same offset; lines nested otherwise than in the file are no match), line endings and typographic quotes; two or more such regions refuse the edit. Applies to every edit."}},"$id":"toolwright:filesystem.multi_edit/params"};

function validate6(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:filesystem.multi_edit/params" */;
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
if(data.edits === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "edits"},message:"must have required property '"+"edits"+"'"};
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
if(!((((key0 === "path") || (key0 === "edits")) || (key0 === "dry_run")) || (key0 === "match"))){
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
if(data.edits !== undefined){
let data1 = data.edits;
const _errs4 = errors;
const _errs5 = errors;
if(Array.isArray(data1)){
if(data1.length > 200){
const err6 = {instancePath:instancePath+"/edits",schemaPath:"#/properties/edits/maxItems",keyword:"maxItems",params:{limit: 200},message:"must NOT have more than 200 items"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data1.length < 1){
const err7 = {instancePath:instancePath+"/edits",schemaPath:"#/properties/edits/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
let valid2 = true;
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
const _errs6 = errors;
const _errs7 = errors;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.replace_all === undefined){
data2.replace_all = false;
}
if(data2.old_str === undefined){
const err8 = {instancePath:instancePath+"/edits/" + i0,schemaPath:"#/properties/edits/items/required",keyword:"required",params:{missingProperty: "old_str"},message:"must have required property '"+"old_str"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data2.new_str === undefined){
const err9 = {instancePath:instancePath+"/edits/" + i0,schemaPath:"#/properties/edits/items/required",keyword:"required",params:{missingProperty: "new_str"},message:"must have required property '"+"new_str"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
const _errs8 = errors;
for(const key1 in data2){
if(!(((key1 === "old_str") || (key1 === "new_str")) || (key1 === "replace_all"))){
const err10 = {instancePath:instancePath+"/edits/" + i0,schemaPath:"#/properties/edits/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data2.old_str !== undefined){
let data3 = data2.old_str;
const _errs9 = errors;
const _errs10 = errors;
if(typeof data3 === "string"){
if(func0(data3) < 1){
const err11 = {instancePath:instancePath+"/edits/" + i0+"/old_str",schemaPath:"#/properties/edits/items/properties/old_str/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err12 = {instancePath:instancePath+"/edits/" + i0+"/old_str",schemaPath:"#/properties/edits/items/properties/old_str/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
var valid3 = _errs9 === errors;
}
if(data2.new_str !== undefined){
let data4 = data2.new_str;
const _errs11 = errors;
if(typeof data4 !== "string"){
const err13 = {instancePath:instancePath+"/edits/" + i0+"/new_str",schemaPath:"#/properties/edits/items/properties/new_str/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
let data5 = data2.replace_all;
const _errs13 = errors;
if(typeof data5 !== "boolean"){
const err14 = {instancePath:instancePath+"/edits/" + i0+"/replace_all",schemaPath:"#/properties/edits/items/properties/replace_all/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
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
else {
const err15 = {instancePath:instancePath+"/edits/" + i0,schemaPath:"#/properties/edits/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
var valid1 = _errs6 === errors;
if(!valid1){
valid2 = false;
}
}
}
else {
const err16 = {instancePath:instancePath+"/edits",schemaPath:"#/properties/edits/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
var valid0 = _errs4 === errors;
}
let data6 = data.dry_run;
const _errs15 = errors;
if(typeof data6 !== "boolean"){
const err17 = {instancePath:instancePath+"/dry_run",schemaPath:"#/properties/dry_run/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
const _errs16 = errors;
var valid0 = _errs15 === errors;
let data7 = data.match;
const _errs17 = errors;
if(typeof data7 !== "string"){
const err18 = {instancePath:instancePath+"/match",schemaPath:"#/properties/match/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
const _errs18 = errors;
const vSchema0 = schema6.properties.match.enum;
if(!((data7 === "exact") || (data7 === "loose"))){
const err19 = {instancePath:instancePath+"/match",schemaPath:"#/properties/match/enum",keyword:"enum",params:{allowedValues: schema6.properties.match.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
var valid0 = _errs17 === errors;
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
validate6.errors = vErrors;
return errors === 0;
}
validate6.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const multi_edit_result = validate7;
const schema7 = {"type":"object","additionalProperties":false,"required":["path","replacements","diff"],"properties":{"path":{"type":"string","description":"Workspace-relative path with / separators."},"replacements":{"type":"integer","description":"Total number of occurrences replaced by all the edits."},"diff":{"type":"string","description":"One unified diff of the whole change."},"normalized":{"type":"array","items":{"type":"string","enum":["line_endings","whitespace","indentation","quotes"]},"description":"match: loose: what had to be normalised for old_str to match (absent when it matched exactly)."},"changed_since_read":{"type":"boolean","description":"True when the file had changed on disk since this session read it, but not in the lines edited nor the 3 lines around them (an edit there is refused as STALE_FILE)."},"dry_run":{"type":"boolean","description":"True when nothing was written (dry_run was set)."},"diagnostics":{"type":"object","additionalProperties":false,"required":["introduced","complete","files_checked"],"description":"Present when a language server covers the file: the errors this change introduced, in the file and in the files that import it (errors that were there before are not listed). complete is false when the time budget ran out first; note says what was not checked.","properties":{"introduced":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["path","line","column","severity","message"],"properties":{"path":{"type":"string","description":"Workspace-relative path."},"line":{"type":"integer","description":"1-based line."},"column":{"type":"integer","description":"1-based column (characters, as read_file shows the line)."},"end_line":{"type":"integer"},"end_column":{"type":"integer"},"severity":{"type":"string","enum":["error","warning","information","hint"]},"message":{"type":"string"},"code":{"type":"string","description":"The server's code for the problem (2322, reportAttributeAccessIssue)."},"source":{"type":"string","description":"Which tool reported it (typescript, Pyright)."}}}},"complete":{"type":"boolean","description":"False when some file was not checked within the time budget (see note)."},"files_checked":{"type":"integer","description":"Files compared before and after the change (the file and those that import it)."},"omitted":{"type":"integer","description":"Introduced errors beyond those listed."},"note":{"type":"string","description":"What was not checked and why (the server still starting, the time budget spent)."}}}},"$id":"toolwright:filesystem.multi_edit/result"};

function validate7(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:filesystem.multi_edit/result" */;
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
if(!(((((((key0 === "path") || (key0 === "replacements")) || (key0 === "diff")) || (key0 === "normalized")) || (key0 === "changed_since_read")) || (key0 === "dry_run")) || (key0 === "diagnostics"))){
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
if(data.normalized !== undefined){
let data3 = data.normalized;
const _errs8 = errors;
const _errs9 = errors;
if(Array.isArray(data3)){
let valid2 = true;
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
let data4 = data3[i0];
const _errs10 = errors;
if(typeof data4 !== "string"){
const err7 = {instancePath:instancePath+"/normalized/" + i0,schemaPath:"#/properties/normalized/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
const _errs11 = errors;
const vSchema0 = schema7.properties.normalized.items.enum;
if(!((((data4 === "line_endings") || (data4 === "whitespace")) || (data4 === "indentation")) || (data4 === "quotes"))){
const err8 = {instancePath:instancePath+"/normalized/" + i0,schemaPath:"#/properties/normalized/items/enum",keyword:"enum",params:{allowedValues: schema7.properties.normalized.items.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var valid1 = _errs10 === errors;
if(!valid1){
valid2 = false;
}
}
}
else {
const err9 = {instancePath:instancePath+"/normalized",schemaPath:"#/properties/normalized/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
var valid0 = _errs8 === errors;
}
if(data.changed_since_read !== undefined){
let data5 = data.changed_since_read;
const _errs12 = errors;
if(typeof data5 !== "boolean"){
const err10 = {instancePath:instancePath+"/changed_since_read",schemaPath:"#/properties/changed_since_read/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
const _errs13 = errors;
var valid0 = _errs12 === errors;
}
if(data.dry_run !== undefined){
let data6 = data.dry_run;
const _errs14 = errors;
if(typeof data6 !== "boolean"){
const err11 = {instancePath:instancePath+"/dry_run",schemaPath:"#/properties/dry_run/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
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
if(data.diagnostics !== undefined){
let data7 = data.diagnostics;
const _errs16 = errors;
const _errs17 = errors;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.introduced === undefined){
const err12 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/required",keyword:"required",params:{missingProperty: "introduced"},message:"must have required property '"+"introduced"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data7.complete === undefined){
const err13 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/required",keyword:"required",params:{missingProperty: "complete"},message:"must have required property '"+"complete"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data7.files_checked === undefined){
const err14 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/required",keyword:"required",params:{missingProperty: "files_checked"},message:"must have required property '"+"files_checked"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
const _errs18 = errors;
for(const key1 in data7){
if(!(((((key1 === "introduced") || (key1 === "complete")) || (key1 === "files_checked")) || (key1 === "omitted")) || (key1 === "note"))){
const err15 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data7.introduced !== undefined){
let data8 = data7.introduced;
const _errs19 = errors;
const _errs20 = errors;
if(Array.isArray(data8)){
let valid5 = true;
const len1 = data8.length;
for(let i1=0; i1<len1; i1++){
let data9 = data8[i1];
const _errs21 = errors;
const _errs22 = errors;
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
if(data9.path === undefined){
const err16 = {instancePath:instancePath+"/diagnostics/introduced/" + i1,schemaPath:"#/properties/diagnostics/properties/introduced/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data9.line === undefined){
const err17 = {instancePath:instancePath+"/diagnostics/introduced/" + i1,schemaPath:"#/properties/diagnostics/properties/introduced/items/required",keyword:"required",params:{missingProperty: "line"},message:"must have required property '"+"line"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data9.column === undefined){
const err18 = {instancePath:instancePath+"/diagnostics/introduced/" + i1,schemaPath:"#/properties/diagnostics/properties/introduced/items/required",keyword:"required",params:{missingProperty: "column"},message:"must have required property '"+"column"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data9.severity === undefined){
const err19 = {instancePath:instancePath+"/diagnostics/introduced/" + i1,schemaPath:"#/properties/diagnostics/properties/introduced/items/required",keyword:"required",params:{missingProperty: "severity"},message:"must have required property '"+"severity"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data9.message === undefined){
const err20 = {instancePath:instancePath+"/diagnostics/introduced/" + i1,schemaPath:"#/properties/diagnostics/properties/introduced/items/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
const _errs23 = errors;
for(const key2 in data9){
if(!(func2.call(schema7.properties.diagnostics.properties.introduced.items.properties, key2))){
const err21 = {instancePath:instancePath+"/diagnostics/introduced/" + i1,schemaPath:"#/properties/diagnostics/properties/introduced/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data9.path !== undefined){
let data10 = data9.path;
const _errs24 = errors;
if(typeof data10 !== "string"){
const err22 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/path",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data9.line !== undefined){
let data11 = data9.line;
const _errs26 = errors;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
const err23 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/line",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data9.column !== undefined){
let data12 = data9.column;
const _errs28 = errors;
if(!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))){
const err24 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/column",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/column/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data9.end_line !== undefined){
let data13 = data9.end_line;
const _errs30 = errors;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
const err25 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/end_line",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/end_line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data9.end_column !== undefined){
let data14 = data9.end_column;
const _errs32 = errors;
if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){
const err26 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/end_column",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/end_column/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data9.severity !== undefined){
let data15 = data9.severity;
const _errs34 = errors;
if(typeof data15 !== "string"){
const err27 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/severity",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/severity/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
const _errs35 = errors;
const vSchema1 = schema7.properties.diagnostics.properties.introduced.items.properties.severity.enum;
if(!((((data15 === "error") || (data15 === "warning")) || (data15 === "information")) || (data15 === "hint"))){
const err28 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/severity",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/severity/enum",keyword:"enum",params:{allowedValues: schema7.properties.diagnostics.properties.introduced.items.properties.severity.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
var valid6 = _errs34 === errors;
}
if(data9.message !== undefined){
let data16 = data9.message;
const _errs36 = errors;
if(typeof data16 !== "string"){
const err29 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/message",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data9.code !== undefined){
let data17 = data9.code;
const _errs38 = errors;
if(typeof data17 !== "string"){
const err30 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/code",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data9.source !== undefined){
let data18 = data9.source;
const _errs40 = errors;
if(typeof data18 !== "string"){
const err31 = {instancePath:instancePath+"/diagnostics/introduced/" + i1+"/source",schemaPath:"#/properties/diagnostics/properties/introduced/items/properties/source/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
}
else {
const err32 = {instancePath:instancePath+"/diagnostics/introduced/" + i1,schemaPath:"#/properties/diagnostics/properties/introduced/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
var valid4 = _errs21 === errors;
if(!valid4){
valid5 = false;
}
}
}
else {
const err33 = {instancePath:instancePath+"/diagnostics/introduced",schemaPath:"#/properties/diagnostics/properties/introduced/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
var valid3 = _errs19 === errors;
}
if(data7.complete !== undefined){
let data19 = data7.complete;
const _errs42 = errors;
if(typeof data19 !== "boolean"){
const err34 = {instancePath:instancePath+"/diagnostics/complete",schemaPath:"#/properties/diagnostics/properties/complete/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
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
if(data7.files_checked !== undefined){
let data20 = data7.files_checked;
const _errs44 = errors;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err35 = {instancePath:instancePath+"/diagnostics/files_checked",schemaPath:"#/properties/diagnostics/properties/files_checked/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data7.omitted !== undefined){
let data21 = data7.omitted;
const _errs46 = errors;
if(!(((typeof data21 == "number") && (!(data21 % 1) && !isNaN(data21))) && (isFinite(data21)))){
const err36 = {instancePath:instancePath+"/diagnostics/omitted",schemaPath:"#/properties/diagnostics/properties/omitted/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data7.note !== undefined){
let data22 = data7.note;
const _errs48 = errors;
if(typeof data22 !== "string"){
const err37 = {instancePath:instancePath+"/diagnostics/note",schemaPath:"#/properties/diagnostics/properties/note/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
}
else {
const err38 = {instancePath:instancePath+"/diagnostics",schemaPath:"#/properties/diagnostics/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
var valid0 = _errs16 === errors;
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
validate7.errors = vErrors;
return errors === 0;
}
validate7.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const apply_patch_params = validate8;
const schema8 = {"type":"object","additionalProperties":false,"required":["input"],"properties":{"input":{"type":"string","minLength":1,"maxLength":16777216,"description":"The whole patch, from *** Begin Patch to *** End Patch."},"dry_run":{"type":"boolean","default":false,"description":"Return the diff the patch would make without writing anything."}},"$id":"toolwright:filesystem.apply_patch/params"};

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

export const list_directory_params = validate10;
const schema10 = {"type":"object","additionalProperties":false,"properties":{"path":{"type":"string","minLength":1,"maxLength":4096,"default":".","description":"Folder to list, relative to the workspace root or absolute inside it."},"depth":{"type":"integer","minimum":1,"maximum":10,"default":1,"description":"How many levels to list (1 = only the folder's own entries)."},"include_ignored":{"type":"boolean","default":false,"description":"Also list what .gitignore ignores, and .git/."},"limit":{"type":"integer","minimum":1,"maximum":10000,"default":1000,"description":"Maximum number of entries to return."},"offset":{"type":"integer","minimum":0,"maximum":100000000,"default":0,"description":"Skip this many entries of the walk (breadth first, folders first, then by name) before listing; a cut answer's next gives it."}},"$id":"toolwright:filesystem.list_directory/params"};

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:filesystem.list_directory/params" */;
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
if(data.path === undefined){
data.path = ".";
}
if(data.depth === undefined){
data.depth = 1;
}
if(data.include_ignored === undefined){
data.include_ignored = false;
}
if(data.limit === undefined){
data.limit = 1000;
}
if(data.offset === undefined){
data.offset = 0;
}
const _errs1 = errors;
for(const key0 in data){
if(!(((((key0 === "path") || (key0 === "depth")) || (key0 === "include_ignored")) || (key0 === "limit")) || (key0 === "offset"))){
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
let data1 = data.depth;
const _errs4 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err4 = {instancePath:instancePath+"/depth",schemaPath:"#/properties/depth/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data1 > 10 || isNaN(data1)){
const err5 = {instancePath:instancePath+"/depth",schemaPath:"#/properties/depth/maximum",keyword:"maximum",params:{comparison: "<=", limit: 10},message:"must be <= 10"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data1 < 1 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/depth",schemaPath:"#/properties/depth/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
let data2 = data.include_ignored;
const _errs6 = errors;
if(typeof data2 !== "boolean"){
const err7 = {instancePath:instancePath+"/include_ignored",schemaPath:"#/properties/include_ignored/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
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
let data3 = data.limit;
const _errs8 = errors;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err8 = {instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
const _errs9 = errors;
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 > 10000 || isNaN(data3)){
const err9 = {instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/maximum",keyword:"maximum",params:{comparison: "<=", limit: 10000},message:"must be <= 10000"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data3 < 1 || isNaN(data3)){
const err10 = {instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
let data4 = data.offset;
const _errs10 = errors;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err11 = {instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data4 > 100000000 || isNaN(data4)){
const err12 = {instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100000000},message:"must be <= 100000000"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data4 < 0 || isNaN(data4)){
const err13 = {instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
validate10.errors = vErrors;
return errors === 0;
}
validate10.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const list_directory_result = validate11;
const schema11 = {"type":"object","additionalProperties":false,"required":["path","entries","truncated","ignored"],"properties":{"path":{"type":"string","description":"The listed folder, workspace-relative ('.' for the root)."},"entries":{"type":"array","description":"Entries in tree order (each folder followed by its own entries when depth > 1).","items":{"type":"object","additionalProperties":false,"required":["path","type"],"properties":{"path":{"type":"string","description":"Workspace-relative path with / separators."},"type":{"type":"string","enum":["file","dir","symlink","other"],"description":"What the entry is (a symlink is not followed)."},"size":{"type":"integer","description":"Size in bytes (files and other non-folders)."},"target":{"type":"string","description":"Where a symlink points (as written in the link)."}}}},"truncated":{"type":"boolean","description":"True when more entries exist than were returned."},"ignored":{"type":"integer","description":"Entries hidden because .gitignore ignores them or they are .git (in the folders read)."},"next":{"type":"object","additionalProperties":false,"required":["offset"],"description":"The exact arguments of the list_directory call that lists the entries after these (offset moved on); absent when the listing is complete.","properties":{"path":{"type":"string"},"depth":{"type":"integer"},"include_ignored":{"type":"boolean"},"limit":{"type":"integer"},"offset":{"type":"integer"}}}},"$id":"toolwright:filesystem.list_directory/result"};

function validate11(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:filesystem.list_directory/result" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate11.evaluated;
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
if(data.entries === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "entries"},message:"must have required property '"+"entries"+"'"};
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
if(data.ignored === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "ignored"},message:"must have required property '"+"ignored"+"'"};
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
if(!(((((key0 === "path") || (key0 === "entries")) || (key0 === "truncated")) || (key0 === "ignored")) || (key0 === "next"))){
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
if(data.path !== undefined){
let data0 = data.path;
const _errs2 = errors;
if(typeof data0 !== "string"){
const err5 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
const _errs3 = errors;
var valid0 = _errs2 === errors;
}
if(data.entries !== undefined){
let data1 = data.entries;
const _errs4 = errors;
const _errs5 = errors;
if(Array.isArray(data1)){
let valid2 = true;
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
const _errs6 = errors;
const _errs7 = errors;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.path === undefined){
const err6 = {instancePath:instancePath+"/entries/" + i0,schemaPath:"#/properties/entries/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data2.type === undefined){
const err7 = {instancePath:instancePath+"/entries/" + i0,schemaPath:"#/properties/entries/items/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
const _errs8 = errors;
for(const key1 in data2){
if(!((((key1 === "path") || (key1 === "type")) || (key1 === "size")) || (key1 === "target"))){
const err8 = {instancePath:instancePath+"/entries/" + i0,schemaPath:"#/properties/entries/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data2.path !== undefined){
let data3 = data2.path;
const _errs9 = errors;
if(typeof data3 !== "string"){
const err9 = {instancePath:instancePath+"/entries/" + i0+"/path",schemaPath:"#/properties/entries/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data2.type !== undefined){
let data4 = data2.type;
const _errs11 = errors;
if(typeof data4 !== "string"){
const err10 = {instancePath:instancePath+"/entries/" + i0+"/type",schemaPath:"#/properties/entries/items/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
const _errs12 = errors;
const vSchema0 = schema11.properties.entries.items.properties.type.enum;
if(!((((data4 === "file") || (data4 === "dir")) || (data4 === "symlink")) || (data4 === "other"))){
const err11 = {instancePath:instancePath+"/entries/" + i0+"/type",schemaPath:"#/properties/entries/items/properties/type/enum",keyword:"enum",params:{allowedValues: schema11.properties.entries.items.properties.type.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
var valid3 = _errs11 === errors;
}
if(data2.size !== undefined){
let data5 = data2.size;
const _errs13 = errors;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err12 = {instancePath:instancePath+"/entries/" + i0+"/size",schemaPath:"#/properties/entries/items/properties/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
const _errs14 = errors;
var valid3 = _errs13 === errors;
}
if(data2.target !== undefined){
let data6 = data2.target;
const _errs15 = errors;
if(typeof data6 !== "string"){
const err13 = {instancePath:instancePath+"/entries/" + i0+"/target",schemaPath:"#/properties/entries/items/properties/target/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
const _errs16 = errors;
var valid3 = _errs15 === errors;
}
}
else {
const err14 = {instancePath:instancePath+"/entries/" + i0,schemaPath:"#/properties/entries/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var valid1 = _errs6 === errors;
if(!valid1){
valid2 = false;
}
}
}
else {
const err15 = {instancePath:instancePath+"/entries",schemaPath:"#/properties/entries/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
var valid0 = _errs4 === errors;
}
if(data.truncated !== undefined){
let data7 = data.truncated;
const _errs17 = errors;
if(typeof data7 !== "boolean"){
const err16 = {instancePath:instancePath+"/truncated",schemaPath:"#/properties/truncated/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
const _errs18 = errors;
var valid0 = _errs17 === errors;
}
if(data.ignored !== undefined){
let data8 = data.ignored;
const _errs19 = errors;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
const err17 = {instancePath:instancePath+"/ignored",schemaPath:"#/properties/ignored/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
const _errs20 = errors;
var valid0 = _errs19 === errors;
}
if(data.next !== undefined){
let data9 = data.next;
const _errs21 = errors;
const _errs22 = errors;
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
if(data9.offset === undefined){
const err18 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/required",keyword:"required",params:{missingProperty: "offset"},message:"must have required property '"+"offset"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
const _errs23 = errors;
for(const key2 in data9){
if(!(((((key2 === "path") || (key2 === "depth")) || (key2 === "include_ignored")) || (key2 === "limit")) || (key2 === "offset"))){
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
if(data9.path !== undefined){
let data10 = data9.path;
const _errs24 = errors;
if(typeof data10 !== "string"){
const err20 = {instancePath:instancePath+"/next/path",schemaPath:"#/properties/next/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
const _errs25 = errors;
var valid4 = _errs24 === errors;
}
if(data9.depth !== undefined){
let data11 = data9.depth;
const _errs26 = errors;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
const err21 = {instancePath:instancePath+"/next/depth",schemaPath:"#/properties/next/properties/depth/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
const _errs27 = errors;
var valid4 = _errs26 === errors;
}
if(data9.include_ignored !== undefined){
let data12 = data9.include_ignored;
const _errs28 = errors;
if(typeof data12 !== "boolean"){
const err22 = {instancePath:instancePath+"/next/include_ignored",schemaPath:"#/properties/next/properties/include_ignored/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
const _errs29 = errors;
var valid4 = _errs28 === errors;
}
if(data9.limit !== undefined){
let data13 = data9.limit;
const _errs30 = errors;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
const err23 = {instancePath:instancePath+"/next/limit",schemaPath:"#/properties/next/properties/limit/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data9.offset !== undefined){
let data14 = data9.offset;
const _errs32 = errors;
if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){
const err24 = {instancePath:instancePath+"/next/offset",schemaPath:"#/properties/next/properties/offset/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
}
else {
const err25 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
var valid0 = _errs21 === errors;
}
}
else {
const err26 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
validate11.errors = vErrors;
return errors === 0;
}
validate11.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const checkpoint_list_params = validate12;
const schema12 = {"type":"object","additionalProperties":false,"properties":{"limit":{"type":"integer","minimum":1,"maximum":1000,"default":20,"description":"Most checkpoints to return (the newest)."}},"$id":"toolwright:filesystem.checkpoint_list/params"};

function validate12(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:filesystem.checkpoint_list/params" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate12.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.limit === undefined){
data.limit = 20;
}
const _errs1 = errors;
for(const key0 in data){
if(!(key0 === "limit")){
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
let data0 = data.limit;
const _errs2 = errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err1 = {instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
const _errs3 = errors;
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 > 1000 || isNaN(data0)){
const err2 = {instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000},message:"must be <= 1000"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data0 < 1 || isNaN(data0)){
const err3 = {instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
var valid0 = _errs2 === errors;
}
else {
const err4 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate12.errors = vErrors;
return errors === 0;
}
validate12.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const checkpoint_list_result = validate13;
const schema13 = {"type":"object","additionalProperties":false,"required":["checkpoints","total"],"properties":{"checkpoints":{"type":"array","description":"Newest first.","items":{"type":"object","additionalProperties":false,"required":["id","operation","created_at","files","restorable"],"properties":{"id":{"type":"string","description":"The checkpoint's id (cp-1, cp-2, … in the order the calls began)."},"operation":{"type":"string","description":"The operation that made it (provider.operation)."},"command":{"type":"string","description":"For a bash checkpoint, the command line (cut at 500 characters)."},"created_at":{"type":"string","description":"When the call began (ISO 8601)."},"files":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["path","change"],"properties":{"path":{"type":"string","description":"Workspace-relative path with / separators."},"change":{"type":"string","enum":["added","modified","deleted"]}}}},"restorable":{"type":"boolean","description":"False when some file's earlier content was not kept (larger than the byte bound) or the call did not finish writing."}}}},"total":{"type":"integer","description":"How many checkpoints the session keeps."},"dropped":{"type":"object","additionalProperties":false,"required":["count"],"description":"The checkpoints the limits dropped (oldest first); absent when none were.","properties":{"count":{"type":"integer"},"last":{"type":"string","description":"The newest checkpoint dropped."},"reason":{"type":"string","enum":["count","bytes"],"description":"Which limit dropped the last ones."}}}},"$id":"toolwright:filesystem.checkpoint_list/result"};

function validate13(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:filesystem.checkpoint_list/result" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate13.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.checkpoints === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "checkpoints"},message:"must have required property '"+"checkpoints"+"'"};
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
const _errs1 = errors;
for(const key0 in data){
if(!(((key0 === "checkpoints") || (key0 === "total")) || (key0 === "dropped"))){
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
if(data.checkpoints !== undefined){
let data0 = data.checkpoints;
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
if(data1.id === undefined){
const err3 = {instancePath:instancePath+"/checkpoints/" + i0,schemaPath:"#/properties/checkpoints/items/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data1.operation === undefined){
const err4 = {instancePath:instancePath+"/checkpoints/" + i0,schemaPath:"#/properties/checkpoints/items/required",keyword:"required",params:{missingProperty: "operation"},message:"must have required property '"+"operation"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data1.created_at === undefined){
const err5 = {instancePath:instancePath+"/checkpoints/" + i0,schemaPath:"#/properties/checkpoints/items/required",keyword:"required",params:{missingProperty: "created_at"},message:"must have required property '"+"created_at"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data1.files === undefined){
const err6 = {instancePath:instancePath+"/checkpoints/" + i0,schemaPath:"#/properties/checkpoints/items/required",keyword:"required",params:{missingProperty: "files"},message:"must have required property '"+"files"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data1.restorable === undefined){
const err7 = {instancePath:instancePath+"/checkpoints/" + i0,schemaPath:"#/properties/checkpoints/items/required",keyword:"required",params:{missingProperty: "restorable"},message:"must have required property '"+"restorable"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
const _errs6 = errors;
for(const key1 in data1){
if(!((((((key1 === "id") || (key1 === "operation")) || (key1 === "command")) || (key1 === "created_at")) || (key1 === "files")) || (key1 === "restorable"))){
const err8 = {instancePath:instancePath+"/checkpoints/" + i0,schemaPath:"#/properties/checkpoints/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data1.id !== undefined){
let data2 = data1.id;
const _errs7 = errors;
if(typeof data2 !== "string"){
const err9 = {instancePath:instancePath+"/checkpoints/" + i0+"/id",schemaPath:"#/properties/checkpoints/items/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
const _errs8 = errors;
var valid3 = _errs7 === errors;
}
if(data1.operation !== undefined){
let data3 = data1.operation;
const _errs9 = errors;
if(typeof data3 !== "string"){
const err10 = {instancePath:instancePath+"/checkpoints/" + i0+"/operation",schemaPath:"#/properties/checkpoints/items/properties/operation/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
const _errs10 = errors;
var valid3 = _errs9 === errors;
}
if(data1.command !== undefined){
let data4 = data1.command;
const _errs11 = errors;
if(typeof data4 !== "string"){
const err11 = {instancePath:instancePath+"/checkpoints/" + i0+"/command",schemaPath:"#/properties/checkpoints/items/properties/command/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
const _errs12 = errors;
var valid3 = _errs11 === errors;
}
if(data1.created_at !== undefined){
let data5 = data1.created_at;
const _errs13 = errors;
if(typeof data5 !== "string"){
const err12 = {instancePath:instancePath+"/checkpoints/" + i0+"/created_at",schemaPath:"#/properties/checkpoints/items/properties/created_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
const _errs14 = errors;
var valid3 = _errs13 === errors;
}
if(data1.files !== undefined){
let data6 = data1.files;
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
const err13 = {instancePath:instancePath+"/checkpoints/" + i0+"/files/" + i1,schemaPath:"#/properties/checkpoints/items/properties/files/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data7.change === undefined){
const err14 = {instancePath:instancePath+"/checkpoints/" + i0+"/files/" + i1,schemaPath:"#/properties/checkpoints/items/properties/files/items/required",keyword:"required",params:{missingProperty: "change"},message:"must have required property '"+"change"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
const _errs19 = errors;
for(const key2 in data7){
if(!((key2 === "path") || (key2 === "change"))){
const err15 = {instancePath:instancePath+"/checkpoints/" + i0+"/files/" + i1,schemaPath:"#/properties/checkpoints/items/properties/files/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data7.path !== undefined){
let data8 = data7.path;
const _errs20 = errors;
if(typeof data8 !== "string"){
const err16 = {instancePath:instancePath+"/checkpoints/" + i0+"/files/" + i1+"/path",schemaPath:"#/properties/checkpoints/items/properties/files/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
const _errs21 = errors;
var valid6 = _errs20 === errors;
}
if(data7.change !== undefined){
let data9 = data7.change;
const _errs22 = errors;
if(typeof data9 !== "string"){
const err17 = {instancePath:instancePath+"/checkpoints/" + i0+"/files/" + i1+"/change",schemaPath:"#/properties/checkpoints/items/properties/files/items/properties/change/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
const _errs23 = errors;
const vSchema0 = schema13.properties.checkpoints.items.properties.files.items.properties.change.enum;
if(!(((data9 === "added") || (data9 === "modified")) || (data9 === "deleted"))){
const err18 = {instancePath:instancePath+"/checkpoints/" + i0+"/files/" + i1+"/change",schemaPath:"#/properties/checkpoints/items/properties/files/items/properties/change/enum",keyword:"enum",params:{allowedValues: schema13.properties.checkpoints.items.properties.files.items.properties.change.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
var valid6 = _errs22 === errors;
}
}
else {
const err19 = {instancePath:instancePath+"/checkpoints/" + i0+"/files/" + i1,schemaPath:"#/properties/checkpoints/items/properties/files/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
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
const err20 = {instancePath:instancePath+"/checkpoints/" + i0+"/files",schemaPath:"#/properties/checkpoints/items/properties/files/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
var valid3 = _errs15 === errors;
}
if(data1.restorable !== undefined){
let data10 = data1.restorable;
const _errs24 = errors;
if(typeof data10 !== "boolean"){
const err21 = {instancePath:instancePath+"/checkpoints/" + i0+"/restorable",schemaPath:"#/properties/checkpoints/items/properties/restorable/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
const _errs25 = errors;
var valid3 = _errs24 === errors;
}
}
else {
const err22 = {instancePath:instancePath+"/checkpoints/" + i0,schemaPath:"#/properties/checkpoints/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
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
const err23 = {instancePath:instancePath+"/checkpoints",schemaPath:"#/properties/checkpoints/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
var valid0 = _errs2 === errors;
}
if(data.total !== undefined){
let data11 = data.total;
const _errs26 = errors;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
const err24 = {instancePath:instancePath+"/total",schemaPath:"#/properties/total/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
const _errs27 = errors;
var valid0 = _errs26 === errors;
}
if(data.dropped !== undefined){
let data12 = data.dropped;
const _errs28 = errors;
const _errs29 = errors;
if(data12 && typeof data12 == "object" && !Array.isArray(data12)){
if(data12.count === undefined){
const err25 = {instancePath:instancePath+"/dropped",schemaPath:"#/properties/dropped/required",keyword:"required",params:{missingProperty: "count"},message:"must have required property '"+"count"+"'"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
const _errs30 = errors;
for(const key3 in data12){
if(!(((key3 === "count") || (key3 === "last")) || (key3 === "reason"))){
const err26 = {instancePath:instancePath+"/dropped",schemaPath:"#/properties/dropped/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data12.count !== undefined){
let data13 = data12.count;
const _errs31 = errors;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
const err27 = {instancePath:instancePath+"/dropped/count",schemaPath:"#/properties/dropped/properties/count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
const _errs32 = errors;
var valid7 = _errs31 === errors;
}
if(data12.last !== undefined){
let data14 = data12.last;
const _errs33 = errors;
if(typeof data14 !== "string"){
const err28 = {instancePath:instancePath+"/dropped/last",schemaPath:"#/properties/dropped/properties/last/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
const _errs34 = errors;
var valid7 = _errs33 === errors;
}
if(data12.reason !== undefined){
let data15 = data12.reason;
const _errs35 = errors;
if(typeof data15 !== "string"){
const err29 = {instancePath:instancePath+"/dropped/reason",schemaPath:"#/properties/dropped/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
const _errs36 = errors;
const vSchema1 = schema13.properties.dropped.properties.reason.enum;
if(!((data15 === "count") || (data15 === "bytes"))){
const err30 = {instancePath:instancePath+"/dropped/reason",schemaPath:"#/properties/dropped/properties/reason/enum",keyword:"enum",params:{allowedValues: schema13.properties.dropped.properties.reason.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
var valid7 = _errs35 === errors;
}
}
else {
const err31 = {instancePath:instancePath+"/dropped",schemaPath:"#/properties/dropped/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
var valid0 = _errs28 === errors;
}
}
else {
const err32 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
validate13.errors = vErrors;
return errors === 0;
}
validate13.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const checkpoint_diff_params = validate14;
const schema14 = {"type":"object","additionalProperties":false,"required":["id"],"properties":{"id":{"type":"string","minLength":1,"maxLength":64,"description":"The checkpoint's id, as checkpoint_list shows it (cp-3)."},"scope":{"type":"string","enum":["call","since"],"default":"call","description":"call: that call's changes; since: from before that call to now."}},"$id":"toolwright:filesystem.checkpoint_diff/params"};

function validate14(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:filesystem.checkpoint_diff/params" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate14.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.scope === undefined){
data.scope = "call";
}
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
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
if(!((key0 === "id") || (key0 === "scope"))){
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
if(data.id !== undefined){
let data0 = data.id;
const _errs2 = errors;
const _errs3 = errors;
if(typeof data0 === "string"){
if(func0(data0) > 64){
const err2 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(func0(data0) < 1){
const err3 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err4 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
let data1 = data.scope;
const _errs4 = errors;
if(typeof data1 !== "string"){
const err5 = {instancePath:instancePath+"/scope",schemaPath:"#/properties/scope/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
const _errs5 = errors;
const vSchema0 = schema14.properties.scope.enum;
if(!((data1 === "call") || (data1 === "since"))){
const err6 = {instancePath:instancePath+"/scope",schemaPath:"#/properties/scope/enum",keyword:"enum",params:{allowedValues: schema14.properties.scope.enum},message:"must be equal to one of the allowed values"};
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
validate14.errors = vErrors;
return errors === 0;
}
validate14.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const checkpoint_diff_result = validate15;
const schema15 = {"type":"object","additionalProperties":false,"required":["id","files","diff"],"properties":{"id":{"type":"string"},"files":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["path","change"],"properties":{"path":{"type":"string","description":"Workspace-relative path with / separators."},"change":{"type":"string","enum":["added","modified","deleted"]},"unavailable":{"type":"string","description":"Why this file's diff cannot be shown (its content was not kept)."}}}},"diff":{"type":"string","description":"Unified diff of every file (binary files named only)."}},"$id":"toolwright:filesystem.checkpoint_diff/result"};

function validate15(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:filesystem.checkpoint_diff/result" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate15.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.files === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "files"},message:"must have required property '"+"files"+"'"};
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
if(!(((key0 === "id") || (key0 === "files")) || (key0 === "diff"))){
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
if(data.id !== undefined){
let data0 = data.id;
const _errs2 = errors;
if(typeof data0 !== "string"){
const err4 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data.files !== undefined){
let data1 = data.files;
const _errs4 = errors;
const _errs5 = errors;
if(Array.isArray(data1)){
let valid2 = true;
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
const _errs6 = errors;
const _errs7 = errors;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.path === undefined){
const err5 = {instancePath:instancePath+"/files/" + i0,schemaPath:"#/properties/files/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data2.change === undefined){
const err6 = {instancePath:instancePath+"/files/" + i0,schemaPath:"#/properties/files/items/required",keyword:"required",params:{missingProperty: "change"},message:"must have required property '"+"change"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
const _errs8 = errors;
for(const key1 in data2){
if(!(((key1 === "path") || (key1 === "change")) || (key1 === "unavailable"))){
const err7 = {instancePath:instancePath+"/files/" + i0,schemaPath:"#/properties/files/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data2.path !== undefined){
let data3 = data2.path;
const _errs9 = errors;
if(typeof data3 !== "string"){
const err8 = {instancePath:instancePath+"/files/" + i0+"/path",schemaPath:"#/properties/files/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
const _errs10 = errors;
var valid3 = _errs9 === errors;
}
if(data2.change !== undefined){
let data4 = data2.change;
const _errs11 = errors;
if(typeof data4 !== "string"){
const err9 = {instancePath:instancePath+"/files/" + i0+"/change",schemaPath:"#/properties/files/items/properties/change/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
const _errs12 = errors;
const vSchema0 = schema15.properties.files.items.properties.change.enum;
if(!(((data4 === "added") || (data4 === "modified")) || (data4 === "deleted"))){
const err10 = {instancePath:instancePath+"/files/" + i0+"/change",schemaPath:"#/properties/files/items/properties/change/enum",keyword:"enum",params:{allowedValues: schema15.properties.files.items.properties.change.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var valid3 = _errs11 === errors;
}
if(data2.unavailable !== undefined){
let data5 = data2.unavailable;
const _errs13 = errors;
if(typeof data5 !== "string"){
const err11 = {instancePath:instancePath+"/files/" + i0+"/unavailable",schemaPath:"#/properties/files/items/properties/unavailable/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
}
else {
const err12 = {instancePath:instancePath+"/files/" + i0,schemaPath:"#/properties/files/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
var valid1 = _errs6 === errors;
if(!valid1){
valid2 = false;
}
}
}
else {
const err13 = {instancePath:instancePath+"/files",schemaPath:"#/properties/files/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
var valid0 = _errs4 === errors;
}
if(data.diff !== undefined){
let data6 = data.diff;
const _errs15 = errors;
if(typeof data6 !== "string"){
const err14 = {instancePath:instancePath+"/diff",schemaPath:"#/properties/diff/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
const _errs16 = errors;
var valid0 = _errs15 === errors;
}
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
validate15.errors = vErrors;
return errors === 0;
}
validate15.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const checkpoint_restore_params = validate16;
const schema16 = {"type":"object","additionalProperties":false,"required":["id"],"properties":{"id":{"type":"string","minLength":1,"maxLength":64,"description":"The checkpoint's id, as checkpoint_list shows it (cp-3)."},"scope":{"type":"string","enum":["call","since"],"default":"call","description":"call: undo that call's changes; since: put files back as they were before that call."},"dry_run":{"type":"boolean","default":false,"description":"Return the diff the restore would make without writing anything."},"force":{"type":"boolean","default":false,"description":"Also restore files changed since by someone else (their changes are lost)."}},"$id":"toolwright:filesystem.checkpoint_restore/params"};

function validate16(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:filesystem.checkpoint_restore/params" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate16.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.scope === undefined){
data.scope = "call";
}
if(data.dry_run === undefined){
data.dry_run = false;
}
if(data.force === undefined){
data.force = false;
}
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
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
if(!((((key0 === "id") || (key0 === "scope")) || (key0 === "dry_run")) || (key0 === "force"))){
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
if(data.id !== undefined){
let data0 = data.id;
const _errs2 = errors;
const _errs3 = errors;
if(typeof data0 === "string"){
if(func0(data0) > 64){
const err2 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(func0(data0) < 1){
const err3 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err4 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
let data1 = data.scope;
const _errs4 = errors;
if(typeof data1 !== "string"){
const err5 = {instancePath:instancePath+"/scope",schemaPath:"#/properties/scope/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
const _errs5 = errors;
const vSchema0 = schema16.properties.scope.enum;
if(!((data1 === "call") || (data1 === "since"))){
const err6 = {instancePath:instancePath+"/scope",schemaPath:"#/properties/scope/enum",keyword:"enum",params:{allowedValues: schema16.properties.scope.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
var valid0 = _errs4 === errors;
let data2 = data.dry_run;
const _errs6 = errors;
if(typeof data2 !== "boolean"){
const err7 = {instancePath:instancePath+"/dry_run",schemaPath:"#/properties/dry_run/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
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
let data3 = data.force;
const _errs8 = errors;
if(typeof data3 !== "boolean"){
const err8 = {instancePath:instancePath+"/force",schemaPath:"#/properties/force/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
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
else {
const err9 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
validate16.errors = vErrors;
return errors === 0;
}
validate16.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const checkpoint_restore_result = validate17;
const schema17 = {"type":"object","additionalProperties":false,"required":["restored","skipped","diff"],"properties":{"restored":{"type":"array","description":"Files written back or removed.","items":{"type":"object","additionalProperties":false,"required":["path","action"],"properties":{"path":{"type":"string","description":"Workspace-relative path with / separators."},"action":{"type":"string","enum":["write","delete"]}}}},"skipped":{"type":"array","description":"Files left as they are, and why.","items":{"type":"object","additionalProperties":false,"required":["path","reason"],"properties":{"path":{"type":"string","description":"Workspace-relative path with / separators."},"reason":{"type":"string","enum":["changed_since","not_kept","unsupported","outside_workspace"],"description":"changed_since: someone else changed it after the checkpoint (force restores it anyway); not_kept: its earlier content was larger than the byte bound; unsupported: a symbolic link or a special file; outside_workspace: its path now leads outside the workspace."}}}},"diff":{"type":"string","description":"Unified diff from the files now to the files restored."},"checkpoint":{"type":"string","description":"The checkpoint this restore recorded (restore it to undo the restore)."},"dry_run":{"type":"boolean","description":"True when nothing was written (dry_run was set)."}},"$id":"toolwright:filesystem.checkpoint_restore/result"};

function validate17(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:filesystem.checkpoint_restore/result" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate17.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.restored === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "restored"},message:"must have required property '"+"restored"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.skipped === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "skipped"},message:"must have required property '"+"skipped"+"'"};
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
if(!(((((key0 === "restored") || (key0 === "skipped")) || (key0 === "diff")) || (key0 === "checkpoint")) || (key0 === "dry_run"))){
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
if(data.restored !== undefined){
let data0 = data.restored;
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
const err4 = {instancePath:instancePath+"/restored/" + i0,schemaPath:"#/properties/restored/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data1.action === undefined){
const err5 = {instancePath:instancePath+"/restored/" + i0,schemaPath:"#/properties/restored/items/required",keyword:"required",params:{missingProperty: "action"},message:"must have required property '"+"action"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
const _errs6 = errors;
for(const key1 in data1){
if(!((key1 === "path") || (key1 === "action"))){
const err6 = {instancePath:instancePath+"/restored/" + i0,schemaPath:"#/properties/restored/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data1.path !== undefined){
let data2 = data1.path;
const _errs7 = errors;
if(typeof data2 !== "string"){
const err7 = {instancePath:instancePath+"/restored/" + i0+"/path",schemaPath:"#/properties/restored/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
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
const err8 = {instancePath:instancePath+"/restored/" + i0+"/action",schemaPath:"#/properties/restored/items/properties/action/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
const _errs10 = errors;
const vSchema0 = schema17.properties.restored.items.properties.action.enum;
if(!((data3 === "write") || (data3 === "delete"))){
const err9 = {instancePath:instancePath+"/restored/" + i0+"/action",schemaPath:"#/properties/restored/items/properties/action/enum",keyword:"enum",params:{allowedValues: schema17.properties.restored.items.properties.action.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
var valid3 = _errs9 === errors;
}
}
else {
const err10 = {instancePath:instancePath+"/restored/" + i0,schemaPath:"#/properties/restored/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
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
const err11 = {instancePath:instancePath+"/restored",schemaPath:"#/properties/restored/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
var valid0 = _errs2 === errors;
}
if(data.skipped !== undefined){
let data4 = data.skipped;
const _errs11 = errors;
const _errs12 = errors;
if(Array.isArray(data4)){
let valid5 = true;
const len1 = data4.length;
for(let i1=0; i1<len1; i1++){
let data5 = data4[i1];
const _errs13 = errors;
const _errs14 = errors;
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.path === undefined){
const err12 = {instancePath:instancePath+"/skipped/" + i1,schemaPath:"#/properties/skipped/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data5.reason === undefined){
const err13 = {instancePath:instancePath+"/skipped/" + i1,schemaPath:"#/properties/skipped/items/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
const _errs15 = errors;
for(const key2 in data5){
if(!((key2 === "path") || (key2 === "reason"))){
const err14 = {instancePath:instancePath+"/skipped/" + i1,schemaPath:"#/properties/skipped/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data5.path !== undefined){
let data6 = data5.path;
const _errs16 = errors;
if(typeof data6 !== "string"){
const err15 = {instancePath:instancePath+"/skipped/" + i1+"/path",schemaPath:"#/properties/skipped/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
const _errs17 = errors;
var valid6 = _errs16 === errors;
}
if(data5.reason !== undefined){
let data7 = data5.reason;
const _errs18 = errors;
if(typeof data7 !== "string"){
const err16 = {instancePath:instancePath+"/skipped/" + i1+"/reason",schemaPath:"#/properties/skipped/items/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
const _errs19 = errors;
const vSchema1 = schema17.properties.skipped.items.properties.reason.enum;
if(!((((data7 === "changed_since") || (data7 === "not_kept")) || (data7 === "unsupported")) || (data7 === "outside_workspace"))){
const err17 = {instancePath:instancePath+"/skipped/" + i1+"/reason",schemaPath:"#/properties/skipped/items/properties/reason/enum",keyword:"enum",params:{allowedValues: schema17.properties.skipped.items.properties.reason.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
var valid6 = _errs18 === errors;
}
}
else {
const err18 = {instancePath:instancePath+"/skipped/" + i1,schemaPath:"#/properties/skipped/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
var valid4 = _errs13 === errors;
if(!valid4){
valid5 = false;
}
}
}
else {
const err19 = {instancePath:instancePath+"/skipped",schemaPath:"#/properties/skipped/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
var valid0 = _errs11 === errors;
}
if(data.diff !== undefined){
let data8 = data.diff;
const _errs20 = errors;
if(typeof data8 !== "string"){
const err20 = {instancePath:instancePath+"/diff",schemaPath:"#/properties/diff/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
const _errs21 = errors;
var valid0 = _errs20 === errors;
}
if(data.checkpoint !== undefined){
let data9 = data.checkpoint;
const _errs22 = errors;
if(typeof data9 !== "string"){
const err21 = {instancePath:instancePath+"/checkpoint",schemaPath:"#/properties/checkpoint/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
const _errs23 = errors;
var valid0 = _errs22 === errors;
}
if(data.dry_run !== undefined){
let data10 = data.dry_run;
const _errs24 = errors;
if(typeof data10 !== "boolean"){
const err22 = {instancePath:instancePath+"/dry_run",schemaPath:"#/properties/dry_run/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
const _errs25 = errors;
var valid0 = _errs24 === errors;
}
}
else {
const err23 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
validate17.errors = vErrors;
return errors === 0;
}
validate17.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
