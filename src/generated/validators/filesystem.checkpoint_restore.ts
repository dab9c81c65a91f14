// Generated from catalog.yaml — do not edit. Run `toolwright generate`.
// @ts-nocheck — Ajv standalone output is not written to pass the type checker; validators.ts types it.
import { ajvRuntimeModule } from 'toolwright/validator-runtime';
const runtimeHelper0 = ajvRuntimeModule("ajv/dist/runtime/ucs2length");

export const checkpoint_restore_params = validate16;
const schema16 = {"type":"object","additionalProperties":false,"required":["id"],"properties":{"id":{"type":"string","minLength":1,"maxLength":64,"description":"The checkpoint's id, as checkpoint_list shows it (cp-3)."},"scope":{"type":"string","enum":["call","since"],"default":"call","description":"call: undo that call's changes; since: put files back as they were before that call."},"dry_run":{"type":"boolean","default":false,"description":"Return the diff the restore would make without writing anything."},"force":{"type":"boolean","default":false,"description":"Also restore files changed since by someone else (their changes are lost)."}},"$id":"toolwright:filesystem.checkpoint_restore/params"};
const func0 = runtimeHelper0.default;

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
const schema17 = {"type":"object","additionalProperties":false,"required":["restored","skipped","diff"],"properties":{"restored":{"type":"array","description":"Files written back or removed.","items":{"type":"object","additionalProperties":false,"required":["path","action"],"properties":{"path":{"type":"string","description":"Workspace-relative path with / separators."},"action":{"type":"string","enum":["write","delete"]}}}},"skipped":{"type":"array","description":"Files left as they are, and why.","items":{"type":"object","additionalProperties":false,"required":["path","reason"],"properties":{"path":{"type":"string","description":"Workspace-relative path with / separators."},"reason":{"type":"string","enum":["changed_since","not_kept","unsupported","outside_workspace","denied_by_policy"],"description":"changed_since: someone else changed it after the checkpoint (force restores it anyway); not_kept: its earlier content was larger than the byte bound; unsupported: a symbolic link or a special file, or a path that now goes through a link to another file; outside_workspace: its path now leads outside the workspace; denied_by_policy: the policy's path rules keep it from checkpoint_restore (the entry is hidden from the result, and counted)."}}}},"diff":{"type":"string","description":"Unified diff from the files now to the files restored."},"checkpoint":{"type":"string","description":"The checkpoint this restore recorded (restore it to undo the restore)."},"dry_run":{"type":"boolean","description":"True when nothing was written (dry_run was set)."}},"$id":"toolwright:filesystem.checkpoint_restore/result"};

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
if(!(((((data7 === "changed_since") || (data7 === "not_kept")) || (data7 === "unsupported")) || (data7 === "outside_workspace")) || (data7 === "denied_by_policy"))){
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
