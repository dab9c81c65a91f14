// Generated from catalog.yaml — do not edit. Run `toolwright generate`.
// @ts-nocheck — Ajv standalone output is not written to pass the type checker; validators.ts types it.
import { ajvRuntimeModule } from 'toolwright/validator-runtime';
const runtimeHelper0 = ajvRuntimeModule("ajv/dist/runtime/ucs2length");

export const grep_params = validate2;
const schema2 = {"type":"object","additionalProperties":false,"required":["pattern"],"properties":{"pattern":{"type":"string","minLength":1,"maxLength":10000,"description":"Regular expression (ripgrep/Rust syntax) to search for, or a literal string when fixed_strings is true."},"path":{"type":"string","minLength":1,"maxLength":4096,"default":".","description":"File or folder to search, relative to the workspace root or absolute inside it."},"glob":{"type":"string","minLength":1,"maxLength":1000,"description":"Only search files matching this glob, e.g. \"*.ts\" (any depth) or \"src/**/*.{js,jsx}\" (a glob with / is relative to the workspace root); prefix with ! to exclude."},"case_insensitive":{"type":"boolean","default":false,"description":"Match regardless of letter case."},"fixed_strings":{"type":"boolean","default":false,"description":"Treat pattern as a literal string, not a regular expression."},"multiline":{"type":"boolean","default":false,"description":"Let the pattern match across lines (`.` also matches newlines)."},"context":{"type":"integer","minimum":0,"maximum":20,"default":0,"description":"Number of lines to show before and after each match (content mode only)."},"output_mode":{"type":"string","enum":["content","files_with_matches","count"],"default":"content","description":"content = matching lines; files_with_matches = paths only; count = matching lines per file."},"max_results":{"type":"integer","minimum":1,"maximum":1000000,"default":200,"description":"Stop after this many matching lines (content), files (files_with_matches) or files counted (count)."},"offset":{"type":"integer","minimum":0,"maximum":100000000,"default":0,"description":"Skip this many results (matching lines, files or counts) of the search in path order before collecting; a cut answer's next gives it."},"include_ignored":{"type":"boolean","default":false,"description":"Also search files ignored by .gitignore and files inside .git folders."},"timeout_ms":{"type":"integer","minimum":1,"maximum":600000,"default":60000,"description":"Give up (TIMEOUT) after this many milliseconds."}},"$id":"toolwright:search.grep/params"};
const func4 = Object.prototype.hasOwnProperty;
const func0 = runtimeHelper0.default;

function validate2(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:search.grep/params" */;
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
data.path = ".";
}
if(data.case_insensitive === undefined){
data.case_insensitive = false;
}
if(data.fixed_strings === undefined){
data.fixed_strings = false;
}
if(data.multiline === undefined){
data.multiline = false;
}
if(data.context === undefined){
data.context = 0;
}
if(data.output_mode === undefined){
data.output_mode = "content";
}
if(data.max_results === undefined){
data.max_results = 200;
}
if(data.offset === undefined){
data.offset = 0;
}
if(data.include_ignored === undefined){
data.include_ignored = false;
}
if(data.timeout_ms === undefined){
data.timeout_ms = 60000;
}
if(data.pattern === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "pattern"},message:"must have required property '"+"pattern"+"'"};
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
if(!(func4.call(schema2.properties, key0))){
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
if(data.pattern !== undefined){
let data0 = data.pattern;
const _errs2 = errors;
const _errs3 = errors;
if(typeof data0 === "string"){
if(func0(data0) > 10000){
const err2 = {instancePath:instancePath+"/pattern",schemaPath:"#/properties/pattern/maxLength",keyword:"maxLength",params:{limit: 10000},message:"must NOT have more than 10000 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(func0(data0) < 1){
const err3 = {instancePath:instancePath+"/pattern",schemaPath:"#/properties/pattern/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err4 = {instancePath:instancePath+"/pattern",schemaPath:"#/properties/pattern/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
let data1 = data.path;
const _errs4 = errors;
const _errs5 = errors;
if(typeof data1 === "string"){
if(func0(data1) > 4096){
const err5 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(func0(data1) < 1){
const err6 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
var valid0 = _errs4 === errors;
if(data.glob !== undefined){
let data2 = data.glob;
const _errs6 = errors;
const _errs7 = errors;
if(typeof data2 === "string"){
if(func0(data2) > 1000){
const err8 = {instancePath:instancePath+"/glob",schemaPath:"#/properties/glob/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(func0(data2) < 1){
const err9 = {instancePath:instancePath+"/glob",schemaPath:"#/properties/glob/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err10 = {instancePath:instancePath+"/glob",schemaPath:"#/properties/glob/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var valid0 = _errs6 === errors;
}
let data3 = data.case_insensitive;
const _errs8 = errors;
if(typeof data3 !== "boolean"){
const err11 = {instancePath:instancePath+"/case_insensitive",schemaPath:"#/properties/case_insensitive/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
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
let data4 = data.fixed_strings;
const _errs10 = errors;
if(typeof data4 !== "boolean"){
const err12 = {instancePath:instancePath+"/fixed_strings",schemaPath:"#/properties/fixed_strings/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
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
let data5 = data.multiline;
const _errs12 = errors;
if(typeof data5 !== "boolean"){
const err13 = {instancePath:instancePath+"/multiline",schemaPath:"#/properties/multiline/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
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
let data6 = data.context;
const _errs14 = errors;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err14 = {instancePath:instancePath+"/context",schemaPath:"#/properties/context/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
const _errs15 = errors;
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 > 20 || isNaN(data6)){
const err15 = {instancePath:instancePath+"/context",schemaPath:"#/properties/context/maximum",keyword:"maximum",params:{comparison: "<=", limit: 20},message:"must be <= 20"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data6 < 0 || isNaN(data6)){
const err16 = {instancePath:instancePath+"/context",schemaPath:"#/properties/context/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
let data7 = data.output_mode;
const _errs16 = errors;
if(typeof data7 !== "string"){
const err17 = {instancePath:instancePath+"/output_mode",schemaPath:"#/properties/output_mode/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
const _errs17 = errors;
const vSchema0 = schema2.properties.output_mode.enum;
if(!(((data7 === "content") || (data7 === "files_with_matches")) || (data7 === "count"))){
const err18 = {instancePath:instancePath+"/output_mode",schemaPath:"#/properties/output_mode/enum",keyword:"enum",params:{allowedValues: schema2.properties.output_mode.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
var valid0 = _errs16 === errors;
let data8 = data.max_results;
const _errs18 = errors;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
const err19 = {instancePath:instancePath+"/max_results",schemaPath:"#/properties/max_results/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
const _errs19 = errors;
if((typeof data8 == "number") && (isFinite(data8))){
if(data8 > 1000000 || isNaN(data8)){
const err20 = {instancePath:instancePath+"/max_results",schemaPath:"#/properties/max_results/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000000},message:"must be <= 1000000"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data8 < 1 || isNaN(data8)){
const err21 = {instancePath:instancePath+"/max_results",schemaPath:"#/properties/max_results/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
var valid0 = _errs18 === errors;
let data9 = data.offset;
const _errs20 = errors;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
const err22 = {instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
const _errs21 = errors;
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 > 100000000 || isNaN(data9)){
const err23 = {instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100000000},message:"must be <= 100000000"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data9 < 0 || isNaN(data9)){
const err24 = {instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
var valid0 = _errs20 === errors;
let data10 = data.include_ignored;
const _errs22 = errors;
if(typeof data10 !== "boolean"){
const err25 = {instancePath:instancePath+"/include_ignored",schemaPath:"#/properties/include_ignored/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
const _errs23 = errors;
var valid0 = _errs22 === errors;
let data11 = data.timeout_ms;
const _errs24 = errors;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
const err26 = {instancePath:instancePath+"/timeout_ms",schemaPath:"#/properties/timeout_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
const _errs25 = errors;
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 > 600000 || isNaN(data11)){
const err27 = {instancePath:instancePath+"/timeout_ms",schemaPath:"#/properties/timeout_ms/maximum",keyword:"maximum",params:{comparison: "<=", limit: 600000},message:"must be <= 600000"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(data11 < 1 || isNaN(data11)){
const err28 = {instancePath:instancePath+"/timeout_ms",schemaPath:"#/properties/timeout_ms/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
var valid0 = _errs24 === errors;
}
else {
const err29 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
validate2.errors = vErrors;
return errors === 0;
}
validate2.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const grep_result = validate3;
const schema3 = {"type":"object","additionalProperties":false,"required":["truncated"],"properties":{"matches":{"type":"array","description":"Matching lines (output_mode content), grouped by file, in line order.","items":{"type":"object","additionalProperties":false,"required":["path","line","text"],"properties":{"path":{"type":"string","description":"Workspace-relative path with / separators."},"line":{"type":"integer","description":"1-based line number (of the first line, for a multiline match)."},"text":{"type":"string","description":"The matching line (cut with a marker past 2000 characters)."},"before":{"type":"array","items":{"type":"string"},"description":"Up to `context` lines just before the match."},"after":{"type":"array","items":{"type":"string"},"description":"Up to `context` lines just after the match."}}}},"files":{"type":"array","items":{"type":"string"},"description":"Files containing a match (output_mode files_with_matches), sorted by path."},"counts":{"type":"array","description":"Matching lines per file (output_mode count), sorted by path.","items":{"type":"object","additionalProperties":false,"required":["path","count"],"properties":{"path":{"type":"string","description":"Workspace-relative path with / separators."},"count":{"type":"integer","description":"Number of matching lines in the file."}}}},"truncated":{"type":"boolean","description":"True when the search stopped (at max_results, or at the ~960 KiB result bound) and more results exist."},"next":{"type":"object","additionalProperties":false,"required":["pattern","offset"],"description":"The exact arguments of the grep call that returns the results after these (offset moved on); absent when the search is complete.","properties":{"pattern":{"type":"string"},"path":{"type":"string"},"glob":{"type":"string"},"case_insensitive":{"type":"boolean"},"fixed_strings":{"type":"boolean"},"multiline":{"type":"boolean"},"context":{"type":"integer"},"output_mode":{"type":"string"},"max_results":{"type":"integer"},"include_ignored":{"type":"boolean"},"timeout_ms":{"type":"integer"},"offset":{"type":"integer"}}}},"$id":"toolwright:search.grep/result"};

function validate3(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:search.grep/result" */;
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
if(data.truncated === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "truncated"},message:"must have required property '"+"truncated"+"'"};
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
if(!(((((key0 === "matches") || (key0 === "files")) || (key0 === "counts")) || (key0 === "truncated")) || (key0 === "next"))){
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
if(data.matches !== undefined){
let data0 = data.matches;
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
const err2 = {instancePath:instancePath+"/matches/" + i0,schemaPath:"#/properties/matches/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data1.line === undefined){
const err3 = {instancePath:instancePath+"/matches/" + i0,schemaPath:"#/properties/matches/items/required",keyword:"required",params:{missingProperty: "line"},message:"must have required property '"+"line"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data1.text === undefined){
const err4 = {instancePath:instancePath+"/matches/" + i0,schemaPath:"#/properties/matches/items/required",keyword:"required",params:{missingProperty: "text"},message:"must have required property '"+"text"+"'"};
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
if(!(((((key1 === "path") || (key1 === "line")) || (key1 === "text")) || (key1 === "before")) || (key1 === "after"))){
const err5 = {instancePath:instancePath+"/matches/" + i0,schemaPath:"#/properties/matches/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
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
const err6 = {instancePath:instancePath+"/matches/" + i0+"/path",schemaPath:"#/properties/matches/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err7 = {instancePath:instancePath+"/matches/" + i0+"/line",schemaPath:"#/properties/matches/items/properties/line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data1.text !== undefined){
let data4 = data1.text;
const _errs11 = errors;
if(typeof data4 !== "string"){
const err8 = {instancePath:instancePath+"/matches/" + i0+"/text",schemaPath:"#/properties/matches/items/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data1.before !== undefined){
let data5 = data1.before;
const _errs13 = errors;
const _errs14 = errors;
if(Array.isArray(data5)){
let valid5 = true;
const len1 = data5.length;
for(let i1=0; i1<len1; i1++){
let data6 = data5[i1];
const _errs15 = errors;
if(typeof data6 !== "string"){
const err9 = {instancePath:instancePath+"/matches/" + i0+"/before/" + i1,schemaPath:"#/properties/matches/items/properties/before/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
const _errs16 = errors;
var valid4 = _errs15 === errors;
if(!valid4){
valid5 = false;
}
}
}
else {
const err10 = {instancePath:instancePath+"/matches/" + i0+"/before",schemaPath:"#/properties/matches/items/properties/before/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var valid3 = _errs13 === errors;
}
if(data1.after !== undefined){
let data7 = data1.after;
const _errs17 = errors;
const _errs18 = errors;
if(Array.isArray(data7)){
let valid7 = true;
const len2 = data7.length;
for(let i2=0; i2<len2; i2++){
let data8 = data7[i2];
const _errs19 = errors;
if(typeof data8 !== "string"){
const err11 = {instancePath:instancePath+"/matches/" + i0+"/after/" + i2,schemaPath:"#/properties/matches/items/properties/after/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
const _errs20 = errors;
var valid6 = _errs19 === errors;
if(!valid6){
valid7 = false;
}
}
}
else {
const err12 = {instancePath:instancePath+"/matches/" + i0+"/after",schemaPath:"#/properties/matches/items/properties/after/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
var valid3 = _errs17 === errors;
}
}
else {
const err13 = {instancePath:instancePath+"/matches/" + i0,schemaPath:"#/properties/matches/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err14 = {instancePath:instancePath+"/matches",schemaPath:"#/properties/matches/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
if(data.files !== undefined){
let data9 = data.files;
const _errs21 = errors;
const _errs22 = errors;
if(Array.isArray(data9)){
let valid9 = true;
const len3 = data9.length;
for(let i3=0; i3<len3; i3++){
let data10 = data9[i3];
const _errs23 = errors;
if(typeof data10 !== "string"){
const err15 = {instancePath:instancePath+"/files/" + i3,schemaPath:"#/properties/files/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
const _errs24 = errors;
var valid8 = _errs23 === errors;
if(!valid8){
valid9 = false;
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
var valid0 = _errs21 === errors;
}
if(data.counts !== undefined){
let data11 = data.counts;
const _errs25 = errors;
const _errs26 = errors;
if(Array.isArray(data11)){
let valid11 = true;
const len4 = data11.length;
for(let i4=0; i4<len4; i4++){
let data12 = data11[i4];
const _errs27 = errors;
const _errs28 = errors;
if(data12 && typeof data12 == "object" && !Array.isArray(data12)){
if(data12.path === undefined){
const err17 = {instancePath:instancePath+"/counts/" + i4,schemaPath:"#/properties/counts/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data12.count === undefined){
const err18 = {instancePath:instancePath+"/counts/" + i4,schemaPath:"#/properties/counts/items/required",keyword:"required",params:{missingProperty: "count"},message:"must have required property '"+"count"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
const _errs29 = errors;
for(const key2 in data12){
if(!((key2 === "path") || (key2 === "count"))){
const err19 = {instancePath:instancePath+"/counts/" + i4,schemaPath:"#/properties/counts/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data12.path !== undefined){
let data13 = data12.path;
const _errs30 = errors;
if(typeof data13 !== "string"){
const err20 = {instancePath:instancePath+"/counts/" + i4+"/path",schemaPath:"#/properties/counts/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
const _errs31 = errors;
var valid12 = _errs30 === errors;
}
if(data12.count !== undefined){
let data14 = data12.count;
const _errs32 = errors;
if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){
const err21 = {instancePath:instancePath+"/counts/" + i4+"/count",schemaPath:"#/properties/counts/items/properties/count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
const _errs33 = errors;
var valid12 = _errs32 === errors;
}
}
else {
const err22 = {instancePath:instancePath+"/counts/" + i4,schemaPath:"#/properties/counts/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
var valid10 = _errs27 === errors;
if(!valid10){
valid11 = false;
}
}
}
else {
const err23 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
var valid0 = _errs25 === errors;
}
if(data.truncated !== undefined){
let data15 = data.truncated;
const _errs34 = errors;
if(typeof data15 !== "boolean"){
const err24 = {instancePath:instancePath+"/truncated",schemaPath:"#/properties/truncated/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
const _errs35 = errors;
var valid0 = _errs34 === errors;
}
if(data.next !== undefined){
let data16 = data.next;
const _errs36 = errors;
const _errs37 = errors;
if(data16 && typeof data16 == "object" && !Array.isArray(data16)){
if(data16.pattern === undefined){
const err25 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/required",keyword:"required",params:{missingProperty: "pattern"},message:"must have required property '"+"pattern"+"'"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(data16.offset === undefined){
const err26 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/required",keyword:"required",params:{missingProperty: "offset"},message:"must have required property '"+"offset"+"'"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
const _errs38 = errors;
for(const key3 in data16){
if(!(func4.call(schema3.properties.next.properties, key3))){
const err27 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data16.pattern !== undefined){
let data17 = data16.pattern;
const _errs39 = errors;
if(typeof data17 !== "string"){
const err28 = {instancePath:instancePath+"/next/pattern",schemaPath:"#/properties/next/properties/pattern/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
const _errs40 = errors;
var valid13 = _errs39 === errors;
}
if(data16.path !== undefined){
let data18 = data16.path;
const _errs41 = errors;
if(typeof data18 !== "string"){
const err29 = {instancePath:instancePath+"/next/path",schemaPath:"#/properties/next/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
const _errs42 = errors;
var valid13 = _errs41 === errors;
}
if(data16.glob !== undefined){
let data19 = data16.glob;
const _errs43 = errors;
if(typeof data19 !== "string"){
const err30 = {instancePath:instancePath+"/next/glob",schemaPath:"#/properties/next/properties/glob/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
const _errs44 = errors;
var valid13 = _errs43 === errors;
}
if(data16.case_insensitive !== undefined){
let data20 = data16.case_insensitive;
const _errs45 = errors;
if(typeof data20 !== "boolean"){
const err31 = {instancePath:instancePath+"/next/case_insensitive",schemaPath:"#/properties/next/properties/case_insensitive/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
const _errs46 = errors;
var valid13 = _errs45 === errors;
}
if(data16.fixed_strings !== undefined){
let data21 = data16.fixed_strings;
const _errs47 = errors;
if(typeof data21 !== "boolean"){
const err32 = {instancePath:instancePath+"/next/fixed_strings",schemaPath:"#/properties/next/properties/fixed_strings/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
const _errs48 = errors;
var valid13 = _errs47 === errors;
}
if(data16.multiline !== undefined){
let data22 = data16.multiline;
const _errs49 = errors;
if(typeof data22 !== "boolean"){
const err33 = {instancePath:instancePath+"/next/multiline",schemaPath:"#/properties/next/properties/multiline/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
const _errs50 = errors;
var valid13 = _errs49 === errors;
}
if(data16.context !== undefined){
let data23 = data16.context;
const _errs51 = errors;
if(!(((typeof data23 == "number") && (!(data23 % 1) && !isNaN(data23))) && (isFinite(data23)))){
const err34 = {instancePath:instancePath+"/next/context",schemaPath:"#/properties/next/properties/context/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
const _errs52 = errors;
var valid13 = _errs51 === errors;
}
if(data16.output_mode !== undefined){
let data24 = data16.output_mode;
const _errs53 = errors;
if(typeof data24 !== "string"){
const err35 = {instancePath:instancePath+"/next/output_mode",schemaPath:"#/properties/next/properties/output_mode/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
const _errs54 = errors;
var valid13 = _errs53 === errors;
}
if(data16.max_results !== undefined){
let data25 = data16.max_results;
const _errs55 = errors;
if(!(((typeof data25 == "number") && (!(data25 % 1) && !isNaN(data25))) && (isFinite(data25)))){
const err36 = {instancePath:instancePath+"/next/max_results",schemaPath:"#/properties/next/properties/max_results/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
const _errs56 = errors;
var valid13 = _errs55 === errors;
}
if(data16.include_ignored !== undefined){
let data26 = data16.include_ignored;
const _errs57 = errors;
if(typeof data26 !== "boolean"){
const err37 = {instancePath:instancePath+"/next/include_ignored",schemaPath:"#/properties/next/properties/include_ignored/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
const _errs58 = errors;
var valid13 = _errs57 === errors;
}
if(data16.timeout_ms !== undefined){
let data27 = data16.timeout_ms;
const _errs59 = errors;
if(!(((typeof data27 == "number") && (!(data27 % 1) && !isNaN(data27))) && (isFinite(data27)))){
const err38 = {instancePath:instancePath+"/next/timeout_ms",schemaPath:"#/properties/next/properties/timeout_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
const _errs60 = errors;
var valid13 = _errs59 === errors;
}
if(data16.offset !== undefined){
let data28 = data16.offset;
const _errs61 = errors;
if(!(((typeof data28 == "number") && (!(data28 % 1) && !isNaN(data28))) && (isFinite(data28)))){
const err39 = {instancePath:instancePath+"/next/offset",schemaPath:"#/properties/next/properties/offset/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
const _errs62 = errors;
var valid13 = _errs61 === errors;
}
}
else {
const err40 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
var valid0 = _errs36 === errors;
}
}
else {
const err41 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
validate3.errors = vErrors;
return errors === 0;
}
validate3.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
