// Generated from catalog.yaml — do not edit. Run `toolwright generate`.
// @ts-nocheck — Ajv standalone output is not written to pass the type checker; validators.ts types it.
import { ajvRuntimeModule } from 'toolwright/validator-runtime';
const runtimeHelper0 = ajvRuntimeModule("ajv/dist/runtime/ucs2length");

export const bash_params = validate0;
const schema0 = {"type":"object","additionalProperties":false,"required":["command"],"properties":{"command":{"type":"string","minLength":1,"description":"The bash command line to run, e.g. `npm test -- --run` or `git status --short`."},"timeout_ms":{"type":"integer","minimum":1,"maximum":600000,"default":120000,"description":"Milliseconds before the command and its child processes are killed (max 600000 = 10 minutes)."},"cwd":{"type":"string","minLength":1,"description":"Directory to run in, relative to the workspace root or absolute inside it. Default the workspace root."},"description":{"type":"string","maxLength":200,"description":"What the command does, in 5-10 words (shown to the user; does not change the run)."},"run_in_background":{"type":"boolean","default":false,"description":"Start the command as a background job and return at once with its job_id (dev servers, watchers, long builds). Read it with bash_output, stop it with bash_kill, type into it with bash_write."},"pty":{"type":"boolean","default":false,"description":"Run the command in a pseudo-terminal (120x30) instead of with stdin closed, for programs that prompt or need a terminal. A foreground call returns early with waiting_for_input when the command waits for input."}},"$id":"toolwright:exec.bash/params"};
const func0 = runtimeHelper0.default;

function validate0(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:exec.bash/params" */;
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
if(data.timeout_ms === undefined){
data.timeout_ms = 120000;
}
if(data.run_in_background === undefined){
data.run_in_background = false;
}
if(data.pty === undefined){
data.pty = false;
}
if(data.command === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "command"},message:"must have required property '"+"command"+"'"};
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
if(!((((((key0 === "command") || (key0 === "timeout_ms")) || (key0 === "cwd")) || (key0 === "description")) || (key0 === "run_in_background")) || (key0 === "pty"))){
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
if(data.command !== undefined){
let data0 = data.command;
const _errs2 = errors;
const _errs3 = errors;
if(typeof data0 === "string"){
if(func0(data0) < 1){
const err2 = {instancePath:instancePath+"/command",schemaPath:"#/properties/command/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err3 = {instancePath:instancePath+"/command",schemaPath:"#/properties/command/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
let data1 = data.timeout_ms;
const _errs4 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err4 = {instancePath:instancePath+"/timeout_ms",schemaPath:"#/properties/timeout_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data1 > 600000 || isNaN(data1)){
const err5 = {instancePath:instancePath+"/timeout_ms",schemaPath:"#/properties/timeout_ms/maximum",keyword:"maximum",params:{comparison: "<=", limit: 600000},message:"must be <= 600000"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data1 < 1 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/timeout_ms",schemaPath:"#/properties/timeout_ms/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data.cwd !== undefined){
let data2 = data.cwd;
const _errs6 = errors;
const _errs7 = errors;
if(typeof data2 === "string"){
if(func0(data2) < 1){
const err7 = {instancePath:instancePath+"/cwd",schemaPath:"#/properties/cwd/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/cwd",schemaPath:"#/properties/cwd/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var valid0 = _errs6 === errors;
}
if(data.description !== undefined){
let data3 = data.description;
const _errs8 = errors;
const _errs9 = errors;
if(typeof data3 === "string"){
if(func0(data3) > 200){
const err9 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
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
const err10 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
let data4 = data.run_in_background;
const _errs10 = errors;
if(typeof data4 !== "boolean"){
const err11 = {instancePath:instancePath+"/run_in_background",schemaPath:"#/properties/run_in_background/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
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
let data5 = data.pty;
const _errs12 = errors;
if(typeof data5 !== "boolean"){
const err12 = {instancePath:instancePath+"/pty",schemaPath:"#/properties/pty/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
const _errs13 = errors;
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
validate0.errors = vErrors;
return errors === 0;
}
validate0.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const bash_result = validate1;
const schema1 = {"type":"object","additionalProperties":false,"required":["exit_code","signal","stdout","stderr","timed_out","truncated","duration_ms"],"properties":{"exit_code":{"type":["integer","null"],"description":"The exit status of bash (null when it was ended by a signal)."},"signal":{"type":["string","null"],"description":"Name of the signal that ended bash, e.g. SIGTERM or SIGKILL (null when it exited normally)."},"stdout":{"type":"string","description":"Standard output (head and tail with an omitted-bytes marker when over the cap)."},"stderr":{"type":"string","description":"Standard error (head and tail with an omitted-bytes marker when over the cap)."},"timed_out":{"type":"boolean","description":"True when the command ran past timeout_ms and was killed."},"truncated":{"type":"boolean","description":"True when part of stdout or stderr was left out (over the cap, or binary)."},"duration_ms":{"type":"integer","minimum":0,"description":"Wall time from start until bash exited, in milliseconds."},"job_id":{"type":"string","description":"With run_in_background, the id of the started job (the other fields are then empty placeholders); with waiting_for_input, the job the command lives on as."},"waiting_for_input":{"type":"boolean","description":"True when the command (pty: true) waits for input: it keeps running as the background job job_id; stdout holds its output so far (the prompt). Answer with bash_write."},"notes":{"type":"array","description":"In a sandbox, what the command left for the host's own tools to run later (git hooks and config, .git pointers, editor and tool configs) and what was done about each, and the connections the network proxy refused; absent when there is nothing.","items":{"type":"object","additionalProperties":false,"required":["code","path","action","message"],"properties":{"code":{"type":"string","enum":["SANDBOX_ARTIFACT","NETWORK_REFUSED"]},"path":{"type":"string","description":"SANDBOX_ARTIFACT: workspace-relative path (absolute for a writable folder outside it). NETWORK_REFUSED: host:port refused (- for a request that named none)."},"action":{"type":"string","enum":["moved_aside","removed","reported","refused"],"description":"moved_aside: renamed so no tool runs it (nothing deleted); removed: a git redirection file the sandbox pinned against; reported: left in place, review it; refused: the proxy refused the connection or request."},"message":{"type":"string","description":"What it is, what would run it, what was done; for NETWORK_REFUSED the line the proxy answered the command with."}}}}},"$id":"toolwright:exec.bash/result"};
const func3 = Object.prototype.hasOwnProperty;

function validate1(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:exec.bash/result" */;
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
if(data.exit_code === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "exit_code"},message:"must have required property '"+"exit_code"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.signal === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "signal"},message:"must have required property '"+"signal"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.stdout === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "stdout"},message:"must have required property '"+"stdout"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.stderr === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "stderr"},message:"must have required property '"+"stderr"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.timed_out === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "timed_out"},message:"must have required property '"+"timed_out"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.truncated === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "truncated"},message:"must have required property '"+"truncated"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.duration_ms === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "duration_ms"},message:"must have required property '"+"duration_ms"+"'"};
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
if(!(func3.call(schema1.properties, key0))){
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
if(data.exit_code !== undefined){
let data0 = data.exit_code;
const _errs2 = errors;
if((!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))) && (data0 !== null)){
const err8 = {instancePath:instancePath+"/exit_code",schemaPath:"#/properties/exit_code/type",keyword:"type",params:{type: schema1.properties.exit_code.type},message:"must be integer,null"};
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
if(data.signal !== undefined){
let data1 = data.signal;
const _errs4 = errors;
if((typeof data1 !== "string") && (data1 !== null)){
const err9 = {instancePath:instancePath+"/signal",schemaPath:"#/properties/signal/type",keyword:"type",params:{type: schema1.properties.signal.type},message:"must be string,null"};
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
if(data.stdout !== undefined){
let data2 = data.stdout;
const _errs6 = errors;
if(typeof data2 !== "string"){
const err10 = {instancePath:instancePath+"/stdout",schemaPath:"#/properties/stdout/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data.stderr !== undefined){
let data3 = data.stderr;
const _errs8 = errors;
if(typeof data3 !== "string"){
const err11 = {instancePath:instancePath+"/stderr",schemaPath:"#/properties/stderr/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data.timed_out !== undefined){
let data4 = data.timed_out;
const _errs10 = errors;
if(typeof data4 !== "boolean"){
const err12 = {instancePath:instancePath+"/timed_out",schemaPath:"#/properties/timed_out/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
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
if(data.truncated !== undefined){
let data5 = data.truncated;
const _errs12 = errors;
if(typeof data5 !== "boolean"){
const err13 = {instancePath:instancePath+"/truncated",schemaPath:"#/properties/truncated/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
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
if(data.duration_ms !== undefined){
let data6 = data.duration_ms;
const _errs14 = errors;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err14 = {instancePath:instancePath+"/duration_ms",schemaPath:"#/properties/duration_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data6 < 0 || isNaN(data6)){
const err15 = {instancePath:instancePath+"/duration_ms",schemaPath:"#/properties/duration_ms/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
var valid0 = _errs14 === errors;
}
if(data.job_id !== undefined){
let data7 = data.job_id;
const _errs16 = errors;
if(typeof data7 !== "string"){
const err16 = {instancePath:instancePath+"/job_id",schemaPath:"#/properties/job_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
const _errs17 = errors;
var valid0 = _errs16 === errors;
}
if(data.waiting_for_input !== undefined){
let data8 = data.waiting_for_input;
const _errs18 = errors;
if(typeof data8 !== "boolean"){
const err17 = {instancePath:instancePath+"/waiting_for_input",schemaPath:"#/properties/waiting_for_input/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
const _errs19 = errors;
var valid0 = _errs18 === errors;
}
if(data.notes !== undefined){
let data9 = data.notes;
const _errs20 = errors;
const _errs21 = errors;
if(Array.isArray(data9)){
let valid2 = true;
const len0 = data9.length;
for(let i0=0; i0<len0; i0++){
let data10 = data9[i0];
const _errs22 = errors;
const _errs23 = errors;
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
if(data10.code === undefined){
const err18 = {instancePath:instancePath+"/notes/" + i0,schemaPath:"#/properties/notes/items/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data10.path === undefined){
const err19 = {instancePath:instancePath+"/notes/" + i0,schemaPath:"#/properties/notes/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data10.action === undefined){
const err20 = {instancePath:instancePath+"/notes/" + i0,schemaPath:"#/properties/notes/items/required",keyword:"required",params:{missingProperty: "action"},message:"must have required property '"+"action"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data10.message === undefined){
const err21 = {instancePath:instancePath+"/notes/" + i0,schemaPath:"#/properties/notes/items/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
const _errs24 = errors;
for(const key1 in data10){
if(!((((key1 === "code") || (key1 === "path")) || (key1 === "action")) || (key1 === "message"))){
const err22 = {instancePath:instancePath+"/notes/" + i0,schemaPath:"#/properties/notes/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data10.code !== undefined){
let data11 = data10.code;
const _errs25 = errors;
if(typeof data11 !== "string"){
const err23 = {instancePath:instancePath+"/notes/" + i0+"/code",schemaPath:"#/properties/notes/items/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
const _errs26 = errors;
const vSchema0 = schema1.properties.notes.items.properties.code.enum;
if(!((data11 === "SANDBOX_ARTIFACT") || (data11 === "NETWORK_REFUSED"))){
const err24 = {instancePath:instancePath+"/notes/" + i0+"/code",schemaPath:"#/properties/notes/items/properties/code/enum",keyword:"enum",params:{allowedValues: schema1.properties.notes.items.properties.code.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
var valid3 = _errs25 === errors;
}
if(data10.path !== undefined){
let data12 = data10.path;
const _errs27 = errors;
if(typeof data12 !== "string"){
const err25 = {instancePath:instancePath+"/notes/" + i0+"/path",schemaPath:"#/properties/notes/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
const _errs28 = errors;
var valid3 = _errs27 === errors;
}
if(data10.action !== undefined){
let data13 = data10.action;
const _errs29 = errors;
if(typeof data13 !== "string"){
const err26 = {instancePath:instancePath+"/notes/" + i0+"/action",schemaPath:"#/properties/notes/items/properties/action/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
const _errs30 = errors;
const vSchema1 = schema1.properties.notes.items.properties.action.enum;
if(!((((data13 === "moved_aside") || (data13 === "removed")) || (data13 === "reported")) || (data13 === "refused"))){
const err27 = {instancePath:instancePath+"/notes/" + i0+"/action",schemaPath:"#/properties/notes/items/properties/action/enum",keyword:"enum",params:{allowedValues: schema1.properties.notes.items.properties.action.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
var valid3 = _errs29 === errors;
}
if(data10.message !== undefined){
let data14 = data10.message;
const _errs31 = errors;
if(typeof data14 !== "string"){
const err28 = {instancePath:instancePath+"/notes/" + i0+"/message",schemaPath:"#/properties/notes/items/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
const _errs32 = errors;
var valid3 = _errs31 === errors;
}
}
else {
const err29 = {instancePath:instancePath+"/notes/" + i0,schemaPath:"#/properties/notes/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
var valid1 = _errs22 === errors;
if(!valid1){
valid2 = false;
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
var valid0 = _errs20 === errors;
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
validate1.errors = vErrors;
return errors === 0;
}
validate1.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
