// Generated from catalog.yaml — do not edit. Run `toolwright generate`.
// @ts-nocheck — Ajv standalone output is not written to pass the type checker; validators.ts types it.
import { ajvRuntimeModule } from 'toolwright/validator-runtime';
const runtimeHelper0 = ajvRuntimeModule("ajv/dist/runtime/ucs2length");

export const task_update_params = validate2;
const schema2 = {"type":"object","additionalProperties":false,"required":["id"],"properties":{"id":{"type":"string","minLength":1,"maxLength":64,"description":"The task id returned by task_create or task_list, e.g. \"t3\"."},"title":{"type":"string","minLength":1,"maxLength":200,"description":"New title."},"description":{"type":"string","maxLength":4000,"description":"New description (an empty string clears it)."},"status":{"type":"string","enum":["pending","in_progress","completed","cancelled"],"description":"New status."}},"$id":"toolwright:task.task_update/params"};
const func0 = runtimeHelper0.default;

function validate2(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:task.task_update/params" */;
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
if(!((((key0 === "id") || (key0 === "title")) || (key0 === "description")) || (key0 === "status"))){
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
if(data.title !== undefined){
let data1 = data.title;
const _errs4 = errors;
const _errs5 = errors;
if(typeof data1 === "string"){
if(func0(data1) > 200){
const err5 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(func0(data1) < 1){
const err6 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err7 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data.description !== undefined){
let data2 = data.description;
const _errs6 = errors;
const _errs7 = errors;
if(typeof data2 === "string"){
if(func0(data2) > 4000){
const err8 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/maxLength",keyword:"maxLength",params:{limit: 4000},message:"must NOT have more than 4000 characters"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
var valid0 = _errs6 === errors;
}
if(data.status !== undefined){
let data3 = data.status;
const _errs8 = errors;
if(typeof data3 !== "string"){
const err10 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
const _errs9 = errors;
const vSchema0 = schema2.properties.status.enum;
if(!((((data3 === "pending") || (data3 === "in_progress")) || (data3 === "completed")) || (data3 === "cancelled"))){
const err11 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/enum",keyword:"enum",params:{allowedValues: schema2.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
var valid0 = _errs8 === errors;
}
}
else {
const err12 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
validate2.errors = vErrors;
return errors === 0;
}
validate2.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const task_update_result = validate3;
const schema3 = {"type":"object","additionalProperties":false,"required":["task","changed"],"properties":{"task":{"type":"object","additionalProperties":false,"required":["id","title","status","created_at","updated_at"],"description":"The task after the update.","properties":{"id":{"type":"string","description":"Short stable id (t1, t2, …)."},"title":{"type":"string","description":"Short imperative title."},"description":{"type":"string","description":"Details, when given."},"status":{"type":"string","enum":["pending","in_progress","completed","cancelled"],"description":"Current status."},"created_at":{"type":"string","description":"ISO 8601 time of creation."},"updated_at":{"type":"string","description":"ISO 8601 time of the last change."}}},"changed":{"type":"array","items":{"type":"string","enum":["title","description","status"]},"description":"The fields whose value changed."}},"$id":"toolwright:task.task_update/result"};

function validate3(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:task.task_update/result" */;
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
if(data.task === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "task"},message:"must have required property '"+"task"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.changed === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "changed"},message:"must have required property '"+"changed"+"'"};
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
if(!((key0 === "task") || (key0 === "changed"))){
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
if(data.task !== undefined){
let data0 = data.task;
const _errs2 = errors;
const _errs3 = errors;
if(data0 && typeof data0 == "object" && !Array.isArray(data0)){
if(data0.id === undefined){
const err3 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data0.title === undefined){
const err4 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data0.status === undefined){
const err5 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data0.created_at === undefined){
const err6 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/required",keyword:"required",params:{missingProperty: "created_at"},message:"must have required property '"+"created_at"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data0.updated_at === undefined){
const err7 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/required",keyword:"required",params:{missingProperty: "updated_at"},message:"must have required property '"+"updated_at"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
const _errs4 = errors;
for(const key1 in data0){
if(!((((((key1 === "id") || (key1 === "title")) || (key1 === "description")) || (key1 === "status")) || (key1 === "created_at")) || (key1 === "updated_at"))){
const err8 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data0.id !== undefined){
let data1 = data0.id;
const _errs5 = errors;
if(typeof data1 !== "string"){
const err9 = {instancePath:instancePath+"/task/id",schemaPath:"#/properties/task/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
const _errs6 = errors;
var valid1 = _errs5 === errors;
}
if(data0.title !== undefined){
let data2 = data0.title;
const _errs7 = errors;
if(typeof data2 !== "string"){
const err10 = {instancePath:instancePath+"/task/title",schemaPath:"#/properties/task/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
const _errs8 = errors;
var valid1 = _errs7 === errors;
}
if(data0.description !== undefined){
let data3 = data0.description;
const _errs9 = errors;
if(typeof data3 !== "string"){
const err11 = {instancePath:instancePath+"/task/description",schemaPath:"#/properties/task/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
const _errs10 = errors;
var valid1 = _errs9 === errors;
}
if(data0.status !== undefined){
let data4 = data0.status;
const _errs11 = errors;
if(typeof data4 !== "string"){
const err12 = {instancePath:instancePath+"/task/status",schemaPath:"#/properties/task/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
const _errs12 = errors;
const vSchema0 = schema3.properties.task.properties.status.enum;
if(!((((data4 === "pending") || (data4 === "in_progress")) || (data4 === "completed")) || (data4 === "cancelled"))){
const err13 = {instancePath:instancePath+"/task/status",schemaPath:"#/properties/task/properties/status/enum",keyword:"enum",params:{allowedValues: schema3.properties.task.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
var valid1 = _errs11 === errors;
}
if(data0.created_at !== undefined){
let data5 = data0.created_at;
const _errs13 = errors;
if(typeof data5 !== "string"){
const err14 = {instancePath:instancePath+"/task/created_at",schemaPath:"#/properties/task/properties/created_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
const _errs14 = errors;
var valid1 = _errs13 === errors;
}
if(data0.updated_at !== undefined){
let data6 = data0.updated_at;
const _errs15 = errors;
if(typeof data6 !== "string"){
const err15 = {instancePath:instancePath+"/task/updated_at",schemaPath:"#/properties/task/properties/updated_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
const _errs16 = errors;
var valid1 = _errs15 === errors;
}
}
else {
const err16 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
if(data.changed !== undefined){
let data7 = data.changed;
const _errs17 = errors;
const _errs18 = errors;
if(Array.isArray(data7)){
let valid3 = true;
const len0 = data7.length;
for(let i0=0; i0<len0; i0++){
let data8 = data7[i0];
const _errs19 = errors;
if(typeof data8 !== "string"){
const err17 = {instancePath:instancePath+"/changed/" + i0,schemaPath:"#/properties/changed/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
const _errs20 = errors;
const vSchema1 = schema3.properties.changed.items.enum;
if(!(((data8 === "title") || (data8 === "description")) || (data8 === "status"))){
const err18 = {instancePath:instancePath+"/changed/" + i0,schemaPath:"#/properties/changed/items/enum",keyword:"enum",params:{allowedValues: schema3.properties.changed.items.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
var valid2 = _errs19 === errors;
if(!valid2){
valid3 = false;
}
}
}
else {
const err19 = {instancePath:instancePath+"/changed",schemaPath:"#/properties/changed/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
validate3.errors = vErrors;
return errors === 0;
}
validate3.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
