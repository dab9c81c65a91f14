// Generated from catalog.yaml — do not edit. Run `toolwright generate`.
// @ts-nocheck — Ajv standalone output is not written to pass the type checker; validators.ts types it.
import { ajvRuntimeModule } from 'toolwright/validator-runtime';
const runtimeHelper0 = ajvRuntimeModule("ajv/dist/runtime/ucs2length");

export const bash_output_params = validate2;
const schema2 = {"type":"object","additionalProperties":false,"properties":{"job_id":{"type":"string","minLength":1,"maxLength":100,"description":"The job to read, as returned by bash. Omit to list this session's jobs."},"wait_ms":{"type":"integer","minimum":0,"maximum":60000,"description":"Wait up to this many milliseconds for new output or the end of the job before answering (needs job_id)."},"offset":{"type":"integer","minimum":0,"description":"Read the job's output from this byte position on (0 = its first byte) instead of from the last read; a cut answer's next gives it (needs job_id)."}},"$id":"toolwright:exec.bash_output/params"};
const func0 = runtimeHelper0.default;

function validate2(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:exec.bash_output/params" */;
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
const _errs1 = errors;
for(const key0 in data){
if(!(((key0 === "job_id") || (key0 === "wait_ms")) || (key0 === "offset"))){
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
if(data.job_id !== undefined){
let data0 = data.job_id;
const _errs2 = errors;
const _errs3 = errors;
if(typeof data0 === "string"){
if(func0(data0) > 100){
const err1 = {instancePath:instancePath+"/job_id",schemaPath:"#/properties/job_id/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(func0(data0) < 1){
const err2 = {instancePath:instancePath+"/job_id",schemaPath:"#/properties/job_id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err3 = {instancePath:instancePath+"/job_id",schemaPath:"#/properties/job_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data.wait_ms !== undefined){
let data1 = data.wait_ms;
const _errs4 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err4 = {instancePath:instancePath+"/wait_ms",schemaPath:"#/properties/wait_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data1 > 60000 || isNaN(data1)){
const err5 = {instancePath:instancePath+"/wait_ms",schemaPath:"#/properties/wait_ms/maximum",keyword:"maximum",params:{comparison: "<=", limit: 60000},message:"must be <= 60000"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data1 < 0 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/wait_ms",schemaPath:"#/properties/wait_ms/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.offset !== undefined){
let data2 = data.offset;
const _errs6 = errors;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err7 = {instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data2 < 0 || isNaN(data2)){
const err8 = {instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
validate2.errors = vErrors;
return errors === 0;
}
validate2.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const bash_output_result = validate3;
const schema3 = {"type":"object","additionalProperties":false,"properties":{"job_id":{"type":"string","description":"The job's id, e.g. job-1."},"command":{"type":"string","description":"The command line (cut at 200 characters)."},"status":{"type":"string","enum":["running","exited","killed","timed_out","failed"],"description":"running, exited (on its own), killed (bash_kill, toolkit close), timed_out, or failed (the replica running it stopped)."},"exit_code":{"type":["integer","null"],"description":"Exit status once it ended (null while running or when ended by a signal)."},"signal":{"type":["string","null"],"description":"Signal that ended it, if any."},"duration_ms":{"type":"integer","minimum":0,"description":"Time since it started, or how long it ran."},"total_bytes":{"type":"integer","minimum":0,"description":"Bytes of output it produced in total."},"unread_bytes":{"type":"integer","minimum":0,"description":"Bytes produced since the last bash_output on it."},"output":{"type":"string","description":"Output since the last read (stdout and stderr interleaved; head and tail when over the cap)."},"truncated":{"type":"boolean","description":"True when part of the new output is not shown."},"next":{"type":"object","additionalProperties":false,"required":["job_id","offset"],"description":"The exact arguments of the bash_output call that reads on from where this output stopped (job_id and offset); absent when all output so far was shown.","properties":{"job_id":{"type":"string"},"wait_ms":{"type":"integer"},"offset":{"type":"integer"}}},"notes":{"type":"array","description":"Once a sandboxed job ended, what it left for the host's own tools to run later and what was done about each, and the connections the network proxy refused (see bash).","items":{"type":"object","additionalProperties":false,"required":["code","path","action","message"],"properties":{"code":{"type":"string","enum":["SANDBOX_ARTIFACT","NETWORK_REFUSED"]},"path":{"type":"string"},"action":{"type":"string","enum":["moved_aside","removed","reported","refused"]},"message":{"type":"string"}}}},"jobs":{"type":"array","description":"Without job_id, this session's jobs.","items":{"type":"object","additionalProperties":false,"required":["job_id","command","status","exit_code","signal","duration_ms","total_bytes","unread_bytes"],"properties":{"job_id":{"type":"string","description":"The job's id, e.g. job-1."},"command":{"type":"string","description":"The command line (cut at 200 characters)."},"status":{"type":"string","enum":["running","exited","killed","timed_out","failed"],"description":"running, exited (on its own), killed (bash_kill, toolkit close), timed_out, or failed (the replica running it stopped)."},"exit_code":{"type":["integer","null"],"description":"Exit status once it ended (null while running or when ended by a signal)."},"signal":{"type":["string","null"],"description":"Signal that ended it, if any."},"duration_ms":{"type":"integer","minimum":0,"description":"Time since it started, or how long it ran."},"total_bytes":{"type":"integer","minimum":0,"description":"Bytes of output it produced in total."},"unread_bytes":{"type":"integer","minimum":0,"description":"Bytes produced since the last bash_output on it."}}}}},"$id":"toolwright:exec.bash_output/result"};
const func3 = Object.prototype.hasOwnProperty;

function validate3(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:exec.bash_output/result" */;
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
const _errs1 = errors;
for(const key0 in data){
if(!(func3.call(schema3.properties, key0))){
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
if(data.job_id !== undefined){
let data0 = data.job_id;
const _errs2 = errors;
if(typeof data0 !== "string"){
const err1 = {instancePath:instancePath+"/job_id",schemaPath:"#/properties/job_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
const _errs3 = errors;
var valid0 = _errs2 === errors;
}
if(data.command !== undefined){
let data1 = data.command;
const _errs4 = errors;
if(typeof data1 !== "string"){
const err2 = {instancePath:instancePath+"/command",schemaPath:"#/properties/command/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
const _errs5 = errors;
var valid0 = _errs4 === errors;
}
if(data.status !== undefined){
let data2 = data.status;
const _errs6 = errors;
if(typeof data2 !== "string"){
const err3 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
const _errs7 = errors;
const vSchema0 = schema3.properties.status.enum;
if(!(((((data2 === "running") || (data2 === "exited")) || (data2 === "killed")) || (data2 === "timed_out")) || (data2 === "failed"))){
const err4 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/enum",keyword:"enum",params:{allowedValues: schema3.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
var valid0 = _errs6 === errors;
}
if(data.exit_code !== undefined){
let data3 = data.exit_code;
const _errs8 = errors;
if((!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))) && (data3 !== null)){
const err5 = {instancePath:instancePath+"/exit_code",schemaPath:"#/properties/exit_code/type",keyword:"type",params:{type: schema3.properties.exit_code.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
const _errs9 = errors;
var valid0 = _errs8 === errors;
}
if(data.signal !== undefined){
let data4 = data.signal;
const _errs10 = errors;
if((typeof data4 !== "string") && (data4 !== null)){
const err6 = {instancePath:instancePath+"/signal",schemaPath:"#/properties/signal/type",keyword:"type",params:{type: schema3.properties.signal.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
const _errs11 = errors;
var valid0 = _errs10 === errors;
}
if(data.duration_ms !== undefined){
let data5 = data.duration_ms;
const _errs12 = errors;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err7 = {instancePath:instancePath+"/duration_ms",schemaPath:"#/properties/duration_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
const _errs13 = errors;
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 0 || isNaN(data5)){
const err8 = {instancePath:instancePath+"/duration_ms",schemaPath:"#/properties/duration_ms/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
var valid0 = _errs12 === errors;
}
if(data.total_bytes !== undefined){
let data6 = data.total_bytes;
const _errs14 = errors;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err9 = {instancePath:instancePath+"/total_bytes",schemaPath:"#/properties/total_bytes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
const _errs15 = errors;
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 < 0 || isNaN(data6)){
const err10 = {instancePath:instancePath+"/total_bytes",schemaPath:"#/properties/total_bytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
var valid0 = _errs14 === errors;
}
if(data.unread_bytes !== undefined){
let data7 = data.unread_bytes;
const _errs16 = errors;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err11 = {instancePath:instancePath+"/unread_bytes",schemaPath:"#/properties/unread_bytes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
const _errs17 = errors;
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 < 0 || isNaN(data7)){
const err12 = {instancePath:instancePath+"/unread_bytes",schemaPath:"#/properties/unread_bytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
var valid0 = _errs16 === errors;
}
if(data.output !== undefined){
let data8 = data.output;
const _errs18 = errors;
if(typeof data8 !== "string"){
const err13 = {instancePath:instancePath+"/output",schemaPath:"#/properties/output/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
const _errs19 = errors;
var valid0 = _errs18 === errors;
}
if(data.truncated !== undefined){
let data9 = data.truncated;
const _errs20 = errors;
if(typeof data9 !== "boolean"){
const err14 = {instancePath:instancePath+"/truncated",schemaPath:"#/properties/truncated/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
const _errs21 = errors;
var valid0 = _errs20 === errors;
}
if(data.next !== undefined){
let data10 = data.next;
const _errs22 = errors;
const _errs23 = errors;
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
if(data10.job_id === undefined){
const err15 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/required",keyword:"required",params:{missingProperty: "job_id"},message:"must have required property '"+"job_id"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data10.offset === undefined){
const err16 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/required",keyword:"required",params:{missingProperty: "offset"},message:"must have required property '"+"offset"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
const _errs24 = errors;
for(const key1 in data10){
if(!(((key1 === "job_id") || (key1 === "wait_ms")) || (key1 === "offset"))){
const err17 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data10.job_id !== undefined){
let data11 = data10.job_id;
const _errs25 = errors;
if(typeof data11 !== "string"){
const err18 = {instancePath:instancePath+"/next/job_id",schemaPath:"#/properties/next/properties/job_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
const _errs26 = errors;
var valid1 = _errs25 === errors;
}
if(data10.wait_ms !== undefined){
let data12 = data10.wait_ms;
const _errs27 = errors;
if(!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))){
const err19 = {instancePath:instancePath+"/next/wait_ms",schemaPath:"#/properties/next/properties/wait_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
const _errs28 = errors;
var valid1 = _errs27 === errors;
}
if(data10.offset !== undefined){
let data13 = data10.offset;
const _errs29 = errors;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
const err20 = {instancePath:instancePath+"/next/offset",schemaPath:"#/properties/next/properties/offset/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
const _errs30 = errors;
var valid1 = _errs29 === errors;
}
}
else {
const err21 = {instancePath:instancePath+"/next",schemaPath:"#/properties/next/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
var valid0 = _errs22 === errors;
}
if(data.notes !== undefined){
let data14 = data.notes;
const _errs31 = errors;
const _errs32 = errors;
if(Array.isArray(data14)){
let valid3 = true;
const len0 = data14.length;
for(let i0=0; i0<len0; i0++){
let data15 = data14[i0];
const _errs33 = errors;
const _errs34 = errors;
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
if(data15.code === undefined){
const err22 = {instancePath:instancePath+"/notes/" + i0,schemaPath:"#/properties/notes/items/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(data15.path === undefined){
const err23 = {instancePath:instancePath+"/notes/" + i0,schemaPath:"#/properties/notes/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data15.action === undefined){
const err24 = {instancePath:instancePath+"/notes/" + i0,schemaPath:"#/properties/notes/items/required",keyword:"required",params:{missingProperty: "action"},message:"must have required property '"+"action"+"'"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data15.message === undefined){
const err25 = {instancePath:instancePath+"/notes/" + i0,schemaPath:"#/properties/notes/items/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
const _errs35 = errors;
for(const key2 in data15){
if(!((((key2 === "code") || (key2 === "path")) || (key2 === "action")) || (key2 === "message"))){
const err26 = {instancePath:instancePath+"/notes/" + i0,schemaPath:"#/properties/notes/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data15.code !== undefined){
let data16 = data15.code;
const _errs36 = errors;
if(typeof data16 !== "string"){
const err27 = {instancePath:instancePath+"/notes/" + i0+"/code",schemaPath:"#/properties/notes/items/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
const _errs37 = errors;
const vSchema1 = schema3.properties.notes.items.properties.code.enum;
if(!((data16 === "SANDBOX_ARTIFACT") || (data16 === "NETWORK_REFUSED"))){
const err28 = {instancePath:instancePath+"/notes/" + i0+"/code",schemaPath:"#/properties/notes/items/properties/code/enum",keyword:"enum",params:{allowedValues: schema3.properties.notes.items.properties.code.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
var valid4 = _errs36 === errors;
}
if(data15.path !== undefined){
let data17 = data15.path;
const _errs38 = errors;
if(typeof data17 !== "string"){
const err29 = {instancePath:instancePath+"/notes/" + i0+"/path",schemaPath:"#/properties/notes/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data15.action !== undefined){
let data18 = data15.action;
const _errs40 = errors;
if(typeof data18 !== "string"){
const err30 = {instancePath:instancePath+"/notes/" + i0+"/action",schemaPath:"#/properties/notes/items/properties/action/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
const _errs41 = errors;
const vSchema2 = schema3.properties.notes.items.properties.action.enum;
if(!((((data18 === "moved_aside") || (data18 === "removed")) || (data18 === "reported")) || (data18 === "refused"))){
const err31 = {instancePath:instancePath+"/notes/" + i0+"/action",schemaPath:"#/properties/notes/items/properties/action/enum",keyword:"enum",params:{allowedValues: schema3.properties.notes.items.properties.action.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
var valid4 = _errs40 === errors;
}
if(data15.message !== undefined){
let data19 = data15.message;
const _errs42 = errors;
if(typeof data19 !== "string"){
const err32 = {instancePath:instancePath+"/notes/" + i0+"/message",schemaPath:"#/properties/notes/items/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
const _errs43 = errors;
var valid4 = _errs42 === errors;
}
}
else {
const err33 = {instancePath:instancePath+"/notes/" + i0,schemaPath:"#/properties/notes/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
var valid2 = _errs33 === errors;
if(!valid2){
valid3 = false;
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
var valid0 = _errs31 === errors;
}
if(data.jobs !== undefined){
let data20 = data.jobs;
const _errs44 = errors;
const _errs45 = errors;
if(Array.isArray(data20)){
let valid6 = true;
const len1 = data20.length;
for(let i1=0; i1<len1; i1++){
let data21 = data20[i1];
const _errs46 = errors;
const _errs47 = errors;
if(data21 && typeof data21 == "object" && !Array.isArray(data21)){
if(data21.job_id === undefined){
const err35 = {instancePath:instancePath+"/jobs/" + i1,schemaPath:"#/properties/jobs/items/required",keyword:"required",params:{missingProperty: "job_id"},message:"must have required property '"+"job_id"+"'"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(data21.command === undefined){
const err36 = {instancePath:instancePath+"/jobs/" + i1,schemaPath:"#/properties/jobs/items/required",keyword:"required",params:{missingProperty: "command"},message:"must have required property '"+"command"+"'"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if(data21.status === undefined){
const err37 = {instancePath:instancePath+"/jobs/" + i1,schemaPath:"#/properties/jobs/items/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if(data21.exit_code === undefined){
const err38 = {instancePath:instancePath+"/jobs/" + i1,schemaPath:"#/properties/jobs/items/required",keyword:"required",params:{missingProperty: "exit_code"},message:"must have required property '"+"exit_code"+"'"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if(data21.signal === undefined){
const err39 = {instancePath:instancePath+"/jobs/" + i1,schemaPath:"#/properties/jobs/items/required",keyword:"required",params:{missingProperty: "signal"},message:"must have required property '"+"signal"+"'"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(data21.duration_ms === undefined){
const err40 = {instancePath:instancePath+"/jobs/" + i1,schemaPath:"#/properties/jobs/items/required",keyword:"required",params:{missingProperty: "duration_ms"},message:"must have required property '"+"duration_ms"+"'"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
if(data21.total_bytes === undefined){
const err41 = {instancePath:instancePath+"/jobs/" + i1,schemaPath:"#/properties/jobs/items/required",keyword:"required",params:{missingProperty: "total_bytes"},message:"must have required property '"+"total_bytes"+"'"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
if(data21.unread_bytes === undefined){
const err42 = {instancePath:instancePath+"/jobs/" + i1,schemaPath:"#/properties/jobs/items/required",keyword:"required",params:{missingProperty: "unread_bytes"},message:"must have required property '"+"unread_bytes"+"'"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
const _errs48 = errors;
for(const key3 in data21){
if(!((((((((key3 === "job_id") || (key3 === "command")) || (key3 === "status")) || (key3 === "exit_code")) || (key3 === "signal")) || (key3 === "duration_ms")) || (key3 === "total_bytes")) || (key3 === "unread_bytes"))){
const err43 = {instancePath:instancePath+"/jobs/" + i1,schemaPath:"#/properties/jobs/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data21.job_id !== undefined){
let data22 = data21.job_id;
const _errs49 = errors;
if(typeof data22 !== "string"){
const err44 = {instancePath:instancePath+"/jobs/" + i1+"/job_id",schemaPath:"#/properties/jobs/items/properties/job_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
const _errs50 = errors;
var valid7 = _errs49 === errors;
}
if(data21.command !== undefined){
let data23 = data21.command;
const _errs51 = errors;
if(typeof data23 !== "string"){
const err45 = {instancePath:instancePath+"/jobs/" + i1+"/command",schemaPath:"#/properties/jobs/items/properties/command/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
const _errs52 = errors;
var valid7 = _errs51 === errors;
}
if(data21.status !== undefined){
let data24 = data21.status;
const _errs53 = errors;
if(typeof data24 !== "string"){
const err46 = {instancePath:instancePath+"/jobs/" + i1+"/status",schemaPath:"#/properties/jobs/items/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
const _errs54 = errors;
const vSchema3 = schema3.properties.jobs.items.properties.status.enum;
if(!(((((data24 === "running") || (data24 === "exited")) || (data24 === "killed")) || (data24 === "timed_out")) || (data24 === "failed"))){
const err47 = {instancePath:instancePath+"/jobs/" + i1+"/status",schemaPath:"#/properties/jobs/items/properties/status/enum",keyword:"enum",params:{allowedValues: schema3.properties.jobs.items.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
var valid7 = _errs53 === errors;
}
if(data21.exit_code !== undefined){
let data25 = data21.exit_code;
const _errs55 = errors;
if((!(((typeof data25 == "number") && (!(data25 % 1) && !isNaN(data25))) && (isFinite(data25)))) && (data25 !== null)){
const err48 = {instancePath:instancePath+"/jobs/" + i1+"/exit_code",schemaPath:"#/properties/jobs/items/properties/exit_code/type",keyword:"type",params:{type: schema3.properties.jobs.items.properties.exit_code.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
const _errs56 = errors;
var valid7 = _errs55 === errors;
}
if(data21.signal !== undefined){
let data26 = data21.signal;
const _errs57 = errors;
if((typeof data26 !== "string") && (data26 !== null)){
const err49 = {instancePath:instancePath+"/jobs/" + i1+"/signal",schemaPath:"#/properties/jobs/items/properties/signal/type",keyword:"type",params:{type: schema3.properties.jobs.items.properties.signal.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
const _errs58 = errors;
var valid7 = _errs57 === errors;
}
if(data21.duration_ms !== undefined){
let data27 = data21.duration_ms;
const _errs59 = errors;
if(!(((typeof data27 == "number") && (!(data27 % 1) && !isNaN(data27))) && (isFinite(data27)))){
const err50 = {instancePath:instancePath+"/jobs/" + i1+"/duration_ms",schemaPath:"#/properties/jobs/items/properties/duration_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
const _errs60 = errors;
if((typeof data27 == "number") && (isFinite(data27))){
if(data27 < 0 || isNaN(data27)){
const err51 = {instancePath:instancePath+"/jobs/" + i1+"/duration_ms",schemaPath:"#/properties/jobs/items/properties/duration_ms/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
var valid7 = _errs59 === errors;
}
if(data21.total_bytes !== undefined){
let data28 = data21.total_bytes;
const _errs61 = errors;
if(!(((typeof data28 == "number") && (!(data28 % 1) && !isNaN(data28))) && (isFinite(data28)))){
const err52 = {instancePath:instancePath+"/jobs/" + i1+"/total_bytes",schemaPath:"#/properties/jobs/items/properties/total_bytes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
const _errs62 = errors;
if((typeof data28 == "number") && (isFinite(data28))){
if(data28 < 0 || isNaN(data28)){
const err53 = {instancePath:instancePath+"/jobs/" + i1+"/total_bytes",schemaPath:"#/properties/jobs/items/properties/total_bytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
var valid7 = _errs61 === errors;
}
if(data21.unread_bytes !== undefined){
let data29 = data21.unread_bytes;
const _errs63 = errors;
if(!(((typeof data29 == "number") && (!(data29 % 1) && !isNaN(data29))) && (isFinite(data29)))){
const err54 = {instancePath:instancePath+"/jobs/" + i1+"/unread_bytes",schemaPath:"#/properties/jobs/items/properties/unread_bytes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
const _errs64 = errors;
if((typeof data29 == "number") && (isFinite(data29))){
if(data29 < 0 || isNaN(data29)){
const err55 = {instancePath:instancePath+"/jobs/" + i1+"/unread_bytes",schemaPath:"#/properties/jobs/items/properties/unread_bytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
var valid7 = _errs63 === errors;
}
}
else {
const err56 = {instancePath:instancePath+"/jobs/" + i1,schemaPath:"#/properties/jobs/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
var valid5 = _errs46 === errors;
if(!valid5){
valid6 = false;
}
}
}
else {
const err57 = {instancePath:instancePath+"/jobs",schemaPath:"#/properties/jobs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
var valid0 = _errs44 === errors;
}
}
else {
const err58 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
validate3.errors = vErrors;
return errors === 0;
}
validate3.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
