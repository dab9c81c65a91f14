// Generated from catalog.yaml — do not edit. Run `toolwright generate`.
// @ts-nocheck — Ajv standalone output is not written to pass the type checker; validators.ts types it.
import { ajvRuntimeModule } from 'toolwright/validator-runtime';
const runtimeHelper0 = ajvRuntimeModule("ajv/dist/runtime/ucs2length");

export const bash_write_params = validate6;
const schema6 = {"type":"object","additionalProperties":false,"required":["job_id","input"],"properties":{"job_id":{"type":"string","minLength":1,"maxLength":100,"description":"The job to write to, as returned by bash."},"input":{"type":"string","maxLength":65536,"description":"Text to write, e.g. \"bob\\n\" (an answer and Enter). May be empty with eof."},"eof":{"type":"boolean","default":false,"description":"After the input, end the job's input (closes stdin; Ctrl-D in a terminal)."}},"$id":"toolwright:exec.bash_write/params"};
const func0 = runtimeHelper0.default;

function validate6(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:exec.bash_write/params" */;
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
if(data.eof === undefined){
data.eof = false;
}
if(data.job_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "job_id"},message:"must have required property '"+"job_id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.input === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "input"},message:"must have required property '"+"input"+"'"};
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
if(!(((key0 === "job_id") || (key0 === "input")) || (key0 === "eof"))){
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
if(data.job_id !== undefined){
let data0 = data.job_id;
const _errs2 = errors;
const _errs3 = errors;
if(typeof data0 === "string"){
if(func0(data0) > 100){
const err3 = {instancePath:instancePath+"/job_id",schemaPath:"#/properties/job_id/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(func0(data0) < 1){
const err4 = {instancePath:instancePath+"/job_id",schemaPath:"#/properties/job_id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err5 = {instancePath:instancePath+"/job_id",schemaPath:"#/properties/job_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data.input !== undefined){
let data1 = data.input;
const _errs4 = errors;
const _errs5 = errors;
if(typeof data1 === "string"){
if(func0(data1) > 65536){
const err6 = {instancePath:instancePath+"/input",schemaPath:"#/properties/input/maxLength",keyword:"maxLength",params:{limit: 65536},message:"must NOT have more than 65536 characters"};
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
const err7 = {instancePath:instancePath+"/input",schemaPath:"#/properties/input/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
var valid0 = _errs4 === errors;
}
let data2 = data.eof;
const _errs6 = errors;
if(typeof data2 !== "boolean"){
const err8 = {instancePath:instancePath+"/eof",schemaPath:"#/properties/eof/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
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
validate6.errors = vErrors;
return errors === 0;
}
validate6.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const bash_write_result = validate7;
const schema7 = {"type":"object","additionalProperties":false,"required":["job_id","written_bytes","eof","status"],"properties":{"job_id":{"type":"string","description":"The job."},"written_bytes":{"type":"integer","minimum":0,"description":"Bytes of input written."},"eof":{"type":"boolean","description":"True when the job's input was ended by this call."},"status":{"type":"string","enum":["running","exited","killed","timed_out","failed"],"description":"The job's status now."}},"$id":"toolwright:exec.bash_write/result"};

function validate7(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:exec.bash_write/result" */;
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
if(data.job_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "job_id"},message:"must have required property '"+"job_id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.written_bytes === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "written_bytes"},message:"must have required property '"+"written_bytes"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.eof === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "eof"},message:"must have required property '"+"eof"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.status === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
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
if(!((((key0 === "job_id") || (key0 === "written_bytes")) || (key0 === "eof")) || (key0 === "status"))){
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
if(data.job_id !== undefined){
let data0 = data.job_id;
const _errs2 = errors;
if(typeof data0 !== "string"){
const err5 = {instancePath:instancePath+"/job_id",schemaPath:"#/properties/job_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data.written_bytes !== undefined){
let data1 = data.written_bytes;
const _errs4 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err6 = {instancePath:instancePath+"/written_bytes",schemaPath:"#/properties/written_bytes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
const _errs5 = errors;
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 0 || isNaN(data1)){
const err7 = {instancePath:instancePath+"/written_bytes",schemaPath:"#/properties/written_bytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
var valid0 = _errs4 === errors;
}
if(data.eof !== undefined){
let data2 = data.eof;
const _errs6 = errors;
if(typeof data2 !== "boolean"){
const err8 = {instancePath:instancePath+"/eof",schemaPath:"#/properties/eof/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
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
if(data.status !== undefined){
let data3 = data.status;
const _errs8 = errors;
if(typeof data3 !== "string"){
const err9 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
const _errs9 = errors;
const vSchema0 = schema7.properties.status.enum;
if(!(((((data3 === "running") || (data3 === "exited")) || (data3 === "killed")) || (data3 === "timed_out")) || (data3 === "failed"))){
const err10 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/enum",keyword:"enum",params:{allowedValues: schema7.properties.status.enum},message:"must be equal to one of the allowed values"};
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
}
else {
const err11 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
validate7.errors = vErrors;
return errors === 0;
}
validate7.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
