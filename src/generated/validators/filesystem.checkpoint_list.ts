// Generated from catalog.yaml — do not edit. Run `toolwright generate`.
// @ts-nocheck — Ajv standalone output is not written to pass the type checker; validators.ts types it.

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
