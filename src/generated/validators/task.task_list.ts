// Generated from catalog.yaml — do not edit. Run `toolwright generate`.
// @ts-nocheck — Ajv standalone output is not written to pass the type checker; validators.ts types it.

export const task_list_params = validate4;
const schema4 = {"type":"object","additionalProperties":false,"properties":{"status":{"type":"string","enum":["pending","in_progress","completed","cancelled"],"description":"Only tasks with this status."}},"$id":"toolwright:task.task_list/params"};

function validate4(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:task.task_list/params" */;
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
const _errs1 = errors;
for(const key0 in data){
if(!(key0 === "status")){
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
if(data.status !== undefined){
let data0 = data.status;
const _errs2 = errors;
if(typeof data0 !== "string"){
const err1 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
const _errs3 = errors;
const vSchema0 = schema4.properties.status.enum;
if(!((((data0 === "pending") || (data0 === "in_progress")) || (data0 === "completed")) || (data0 === "cancelled"))){
const err2 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/enum",keyword:"enum",params:{allowedValues: schema4.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
var valid0 = _errs2 === errors;
}
}
else {
const err3 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
validate4.errors = vErrors;
return errors === 0;
}
validate4.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const task_list_result = validate5;
const schema5 = {"type":"object","additionalProperties":false,"required":["tasks","counts"],"properties":{"tasks":{"type":"array","description":"The matching tasks, oldest first.","items":{"type":"object","additionalProperties":false,"required":["id","title","status","created_at","updated_at"],"properties":{"id":{"type":"string","description":"Short stable id (t1, t2, …)."},"title":{"type":"string","description":"Short imperative title."},"description":{"type":"string","description":"Details, when given."},"status":{"type":"string","enum":["pending","in_progress","completed","cancelled"],"description":"Current status."},"created_at":{"type":"string","description":"ISO 8601 time of creation."},"updated_at":{"type":"string","description":"ISO 8601 time of the last change."}}}},"counts":{"type":"object","additionalProperties":false,"required":["pending","in_progress","completed","cancelled"],"description":"How many tasks of the whole list have each status (ignores the filter).","properties":{"pending":{"type":"integer","description":"Tasks not started."},"in_progress":{"type":"integer","description":"Tasks being worked on."},"completed":{"type":"integer","description":"Tasks done."},"cancelled":{"type":"integer","description":"Tasks dropped."}}}},"$id":"toolwright:task.task_list/result"};

function validate5(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:task.task_list/result" */;
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
if(data.tasks === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "tasks"},message:"must have required property '"+"tasks"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.counts === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "counts"},message:"must have required property '"+"counts"+"'"};
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
if(!((key0 === "tasks") || (key0 === "counts"))){
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
if(data.tasks !== undefined){
let data0 = data.tasks;
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
const err3 = {instancePath:instancePath+"/tasks/" + i0,schemaPath:"#/properties/tasks/items/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data1.title === undefined){
const err4 = {instancePath:instancePath+"/tasks/" + i0,schemaPath:"#/properties/tasks/items/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data1.status === undefined){
const err5 = {instancePath:instancePath+"/tasks/" + i0,schemaPath:"#/properties/tasks/items/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data1.created_at === undefined){
const err6 = {instancePath:instancePath+"/tasks/" + i0,schemaPath:"#/properties/tasks/items/required",keyword:"required",params:{missingProperty: "created_at"},message:"must have required property '"+"created_at"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data1.updated_at === undefined){
const err7 = {instancePath:instancePath+"/tasks/" + i0,schemaPath:"#/properties/tasks/items/required",keyword:"required",params:{missingProperty: "updated_at"},message:"must have required property '"+"updated_at"+"'"};
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
if(!((((((key1 === "id") || (key1 === "title")) || (key1 === "description")) || (key1 === "status")) || (key1 === "created_at")) || (key1 === "updated_at"))){
const err8 = {instancePath:instancePath+"/tasks/" + i0,schemaPath:"#/properties/tasks/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
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
const err9 = {instancePath:instancePath+"/tasks/" + i0+"/id",schemaPath:"#/properties/tasks/items/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data1.title !== undefined){
let data3 = data1.title;
const _errs9 = errors;
if(typeof data3 !== "string"){
const err10 = {instancePath:instancePath+"/tasks/" + i0+"/title",schemaPath:"#/properties/tasks/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data1.description !== undefined){
let data4 = data1.description;
const _errs11 = errors;
if(typeof data4 !== "string"){
const err11 = {instancePath:instancePath+"/tasks/" + i0+"/description",schemaPath:"#/properties/tasks/items/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data1.status !== undefined){
let data5 = data1.status;
const _errs13 = errors;
if(typeof data5 !== "string"){
const err12 = {instancePath:instancePath+"/tasks/" + i0+"/status",schemaPath:"#/properties/tasks/items/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
const _errs14 = errors;
const vSchema0 = schema5.properties.tasks.items.properties.status.enum;
if(!((((data5 === "pending") || (data5 === "in_progress")) || (data5 === "completed")) || (data5 === "cancelled"))){
const err13 = {instancePath:instancePath+"/tasks/" + i0+"/status",schemaPath:"#/properties/tasks/items/properties/status/enum",keyword:"enum",params:{allowedValues: schema5.properties.tasks.items.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
var valid3 = _errs13 === errors;
}
if(data1.created_at !== undefined){
let data6 = data1.created_at;
const _errs15 = errors;
if(typeof data6 !== "string"){
const err14 = {instancePath:instancePath+"/tasks/" + i0+"/created_at",schemaPath:"#/properties/tasks/items/properties/created_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data1.updated_at !== undefined){
let data7 = data1.updated_at;
const _errs17 = errors;
if(typeof data7 !== "string"){
const err15 = {instancePath:instancePath+"/tasks/" + i0+"/updated_at",schemaPath:"#/properties/tasks/items/properties/updated_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
}
else {
const err16 = {instancePath:instancePath+"/tasks/" + i0,schemaPath:"#/properties/tasks/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
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
const err17 = {instancePath:instancePath+"/tasks",schemaPath:"#/properties/tasks/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
var valid0 = _errs2 === errors;
}
if(data.counts !== undefined){
let data8 = data.counts;
const _errs19 = errors;
const _errs20 = errors;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.pending === undefined){
const err18 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/required",keyword:"required",params:{missingProperty: "pending"},message:"must have required property '"+"pending"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data8.in_progress === undefined){
const err19 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/required",keyword:"required",params:{missingProperty: "in_progress"},message:"must have required property '"+"in_progress"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data8.completed === undefined){
const err20 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/required",keyword:"required",params:{missingProperty: "completed"},message:"must have required property '"+"completed"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data8.cancelled === undefined){
const err21 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/required",keyword:"required",params:{missingProperty: "cancelled"},message:"must have required property '"+"cancelled"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
const _errs21 = errors;
for(const key2 in data8){
if(!((((key2 === "pending") || (key2 === "in_progress")) || (key2 === "completed")) || (key2 === "cancelled"))){
const err22 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data8.pending !== undefined){
let data9 = data8.pending;
const _errs22 = errors;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
const err23 = {instancePath:instancePath+"/counts/pending",schemaPath:"#/properties/counts/properties/pending/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
const _errs23 = errors;
var valid4 = _errs22 === errors;
}
if(data8.in_progress !== undefined){
let data10 = data8.in_progress;
const _errs24 = errors;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err24 = {instancePath:instancePath+"/counts/in_progress",schemaPath:"#/properties/counts/properties/in_progress/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
const _errs25 = errors;
var valid4 = _errs24 === errors;
}
if(data8.completed !== undefined){
let data11 = data8.completed;
const _errs26 = errors;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
const err25 = {instancePath:instancePath+"/counts/completed",schemaPath:"#/properties/counts/properties/completed/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
const _errs27 = errors;
var valid4 = _errs26 === errors;
}
if(data8.cancelled !== undefined){
let data12 = data8.cancelled;
const _errs28 = errors;
if(!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))){
const err26 = {instancePath:instancePath+"/counts/cancelled",schemaPath:"#/properties/counts/properties/cancelled/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
const _errs29 = errors;
var valid4 = _errs28 === errors;
}
}
else {
const err27 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
var valid0 = _errs19 === errors;
}
}
else {
const err28 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
validate5.errors = vErrors;
return errors === 0;
}
validate5.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
