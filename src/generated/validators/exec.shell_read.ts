// Generated from catalog.yaml — do not edit. Run `toolwright generate`.
// @ts-nocheck — Ajv standalone output is not written to pass the type checker; validators.ts types it.
import { ajvRuntimeModule } from 'toolwright/validator-runtime';
const runtimeHelper0 = ajvRuntimeModule("ajv/dist/runtime/ucs2length");

export const shell_read_params = validate8;
const schema8 = {"type":"object","additionalProperties":false,"required":["command"],"properties":{"command":{"type":"string","minLength":1,"maxLength":32768,"description":"The read-only command line, e.g. `git status --short && git log --oneline -n 5`."},"cwd":{"type":"string","minLength":1,"description":"Directory to run in, relative to the workspace root or absolute inside it. Default the workspace root."},"timeout_ms":{"type":"integer","minimum":1,"maximum":600000,"default":120000,"description":"Milliseconds before the command and its child processes are killed (max 600000)."}},"$id":"toolwright:exec.shell_read/params"};
const func0 = runtimeHelper0.default;

function validate8(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:exec.shell_read/params" */;
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
if(data.timeout_ms === undefined){
data.timeout_ms = 120000;
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
if(!(((key0 === "command") || (key0 === "cwd")) || (key0 === "timeout_ms"))){
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
if(func0(data0) > 32768){
const err2 = {instancePath:instancePath+"/command",schemaPath:"#/properties/command/maxLength",keyword:"maxLength",params:{limit: 32768},message:"must NOT have more than 32768 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(func0(data0) < 1){
const err3 = {instancePath:instancePath+"/command",schemaPath:"#/properties/command/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err4 = {instancePath:instancePath+"/command",schemaPath:"#/properties/command/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data.cwd !== undefined){
let data1 = data.cwd;
const _errs4 = errors;
const _errs5 = errors;
if(typeof data1 === "string"){
if(func0(data1) < 1){
const err5 = {instancePath:instancePath+"/cwd",schemaPath:"#/properties/cwd/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err6 = {instancePath:instancePath+"/cwd",schemaPath:"#/properties/cwd/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
let data2 = data.timeout_ms;
const _errs6 = errors;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err7 = {instancePath:instancePath+"/timeout_ms",schemaPath:"#/properties/timeout_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
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
if(data2 > 600000 || isNaN(data2)){
const err8 = {instancePath:instancePath+"/timeout_ms",schemaPath:"#/properties/timeout_ms/maximum",keyword:"maximum",params:{comparison: "<=", limit: 600000},message:"must be <= 600000"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data2 < 1 || isNaN(data2)){
const err9 = {instancePath:instancePath+"/timeout_ms",schemaPath:"#/properties/timeout_ms/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
}
else {
const err10 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
validate8.errors = vErrors;
return errors === 0;
}
validate8.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const shell_read_result = validate9;
const schema9 = {"type":"object","additionalProperties":false,"required":["exit_code","signal","stdout","stderr","timed_out","truncated","duration_ms"],"properties":{"exit_code":{"type":["integer","null"],"description":"The exit status (null when it was ended by a signal)."},"signal":{"type":["string","null"],"description":"Name of the signal that ended it (null when it exited normally)."},"stdout":{"type":"string","description":"Standard output (head and tail with an omitted-bytes marker when over the cap)."},"stderr":{"type":"string","description":"Standard error (head and tail with an omitted-bytes marker when over the cap)."},"timed_out":{"type":"boolean","description":"True when the command ran past timeout_ms and was killed."},"truncated":{"type":"boolean","description":"True when part of stdout or stderr was left out (over the cap, or binary)."},"duration_ms":{"type":"integer","minimum":0,"description":"Wall time in milliseconds."}},"$id":"toolwright:exec.shell_read/result"};

function validate9(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:exec.shell_read/result" */;
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
if(!(((((((key0 === "exit_code") || (key0 === "signal")) || (key0 === "stdout")) || (key0 === "stderr")) || (key0 === "timed_out")) || (key0 === "truncated")) || (key0 === "duration_ms"))){
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
const err8 = {instancePath:instancePath+"/exit_code",schemaPath:"#/properties/exit_code/type",keyword:"type",params:{type: schema9.properties.exit_code.type},message:"must be integer,null"};
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
const err9 = {instancePath:instancePath+"/signal",schemaPath:"#/properties/signal/type",keyword:"type",params:{type: schema9.properties.signal.type},message:"must be string,null"};
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
}
else {
const err16 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
validate9.errors = vErrors;
return errors === 0;
}
validate9.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
