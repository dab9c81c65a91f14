// Generated from catalog.yaml — do not edit. Run `toolwright generate`.
// @ts-nocheck — Ajv standalone output is not written to pass the type checker; validators.ts types it.
import { ajvRuntimeModule } from 'toolwright/validator-runtime';
const runtimeHelper0 = ajvRuntimeModule("ajv/dist/runtime/ucs2length");

export const web_search_params = validate2;
const schema2 = {"type":"object","additionalProperties":false,"required":["query"],"properties":{"query":{"type":"string","minLength":1,"maxLength":1000,"description":"The search terms."},"max_results":{"type":"integer","minimum":1,"maximum":20,"default":8,"description":"Most results to return."},"allowed_domains":{"type":"array","maxItems":50,"items":{"type":"string","minLength":1,"maxLength":253},"description":"Only return results from these domains (e.g. docs.python.org); subdomains match too."},"blocked_domains":{"type":"array","maxItems":50,"items":{"type":"string","minLength":1,"maxLength":253},"description":"Never return results from these domains; subdomains match too."}},"$id":"toolwright:web.web_search/params"};
const func0 = runtimeHelper0.default;

function validate2(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:web.web_search/params" */;
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
if(data.max_results === undefined){
data.max_results = 8;
}
if(data.query === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "query"},message:"must have required property '"+"query"+"'"};
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
if(!((((key0 === "query") || (key0 === "max_results")) || (key0 === "allowed_domains")) || (key0 === "blocked_domains"))){
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
if(data.query !== undefined){
let data0 = data.query;
const _errs2 = errors;
const _errs3 = errors;
if(typeof data0 === "string"){
if(func0(data0) > 1000){
const err2 = {instancePath:instancePath+"/query",schemaPath:"#/properties/query/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(func0(data0) < 1){
const err3 = {instancePath:instancePath+"/query",schemaPath:"#/properties/query/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err4 = {instancePath:instancePath+"/query",schemaPath:"#/properties/query/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
let data1 = data.max_results;
const _errs4 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err5 = {instancePath:instancePath+"/max_results",schemaPath:"#/properties/max_results/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
const _errs5 = errors;
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 > 20 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/max_results",schemaPath:"#/properties/max_results/maximum",keyword:"maximum",params:{comparison: "<=", limit: 20},message:"must be <= 20"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data1 < 1 || isNaN(data1)){
const err7 = {instancePath:instancePath+"/max_results",schemaPath:"#/properties/max_results/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data.allowed_domains !== undefined){
let data2 = data.allowed_domains;
const _errs6 = errors;
const _errs7 = errors;
if(Array.isArray(data2)){
if(data2.length > 50){
const err8 = {instancePath:instancePath+"/allowed_domains",schemaPath:"#/properties/allowed_domains/maxItems",keyword:"maxItems",params:{limit: 50},message:"must NOT have more than 50 items"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
let valid2 = true;
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
const _errs8 = errors;
const _errs9 = errors;
if(typeof data3 === "string"){
if(func0(data3) > 253){
const err9 = {instancePath:instancePath+"/allowed_domains/" + i0,schemaPath:"#/properties/allowed_domains/items/maxLength",keyword:"maxLength",params:{limit: 253},message:"must NOT have more than 253 characters"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(func0(data3) < 1){
const err10 = {instancePath:instancePath+"/allowed_domains/" + i0,schemaPath:"#/properties/allowed_domains/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/allowed_domains/" + i0,schemaPath:"#/properties/allowed_domains/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
var valid1 = _errs8 === errors;
if(!valid1){
valid2 = false;
}
}
}
else {
const err12 = {instancePath:instancePath+"/allowed_domains",schemaPath:"#/properties/allowed_domains/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
var valid0 = _errs6 === errors;
}
if(data.blocked_domains !== undefined){
let data4 = data.blocked_domains;
const _errs10 = errors;
const _errs11 = errors;
if(Array.isArray(data4)){
if(data4.length > 50){
const err13 = {instancePath:instancePath+"/blocked_domains",schemaPath:"#/properties/blocked_domains/maxItems",keyword:"maxItems",params:{limit: 50},message:"must NOT have more than 50 items"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
let valid4 = true;
const len1 = data4.length;
for(let i1=0; i1<len1; i1++){
let data5 = data4[i1];
const _errs12 = errors;
const _errs13 = errors;
if(typeof data5 === "string"){
if(func0(data5) > 253){
const err14 = {instancePath:instancePath+"/blocked_domains/" + i1,schemaPath:"#/properties/blocked_domains/items/maxLength",keyword:"maxLength",params:{limit: 253},message:"must NOT have more than 253 characters"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(func0(data5) < 1){
const err15 = {instancePath:instancePath+"/blocked_domains/" + i1,schemaPath:"#/properties/blocked_domains/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/blocked_domains/" + i1,schemaPath:"#/properties/blocked_domains/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
var valid3 = _errs12 === errors;
if(!valid3){
valid4 = false;
}
}
}
else {
const err17 = {instancePath:instancePath+"/blocked_domains",schemaPath:"#/properties/blocked_domains/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
var valid0 = _errs10 === errors;
}
}
else {
const err18 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
validate2.errors = vErrors;
return errors === 0;
}
validate2.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const web_search_result = validate3;
const schema3 = {"type":"object","additionalProperties":false,"required":["query","backend","results"],"properties":{"query":{"type":"string","description":"The query as searched."},"backend":{"type":"string","description":"Which search backend answered (searxng, brave, or a host-supplied name)."},"results":{"type":"array","description":"Results in the backend's ranking order, duplicates and non-http links removed.","items":{"type":"object","additionalProperties":false,"required":["title","url","snippet"],"properties":{"title":{"type":"string","description":"Page title."},"url":{"type":"string","description":"Page URL."},"snippet":{"type":"string","description":"Short plain-text excerpt from the page ('' when none)."}}}}},"$id":"toolwright:web.web_search/result"};

function validate3(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="toolwright:web.web_search/result" */;
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
if(data.query === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "query"},message:"must have required property '"+"query"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.backend === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "backend"},message:"must have required property '"+"backend"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.results === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "results"},message:"must have required property '"+"results"+"'"};
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
if(!(((key0 === "query") || (key0 === "backend")) || (key0 === "results"))){
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
if(data.query !== undefined){
let data0 = data.query;
const _errs2 = errors;
if(typeof data0 !== "string"){
const err4 = {instancePath:instancePath+"/query",schemaPath:"#/properties/query/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data.backend !== undefined){
let data1 = data.backend;
const _errs4 = errors;
if(typeof data1 !== "string"){
const err5 = {instancePath:instancePath+"/backend",schemaPath:"#/properties/backend/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data.results !== undefined){
let data2 = data.results;
const _errs6 = errors;
const _errs7 = errors;
if(Array.isArray(data2)){
let valid2 = true;
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
const _errs8 = errors;
const _errs9 = errors;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.title === undefined){
const err6 = {instancePath:instancePath+"/results/" + i0,schemaPath:"#/properties/results/items/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data3.url === undefined){
const err7 = {instancePath:instancePath+"/results/" + i0,schemaPath:"#/properties/results/items/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data3.snippet === undefined){
const err8 = {instancePath:instancePath+"/results/" + i0,schemaPath:"#/properties/results/items/required",keyword:"required",params:{missingProperty: "snippet"},message:"must have required property '"+"snippet"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
const _errs10 = errors;
for(const key1 in data3){
if(!(((key1 === "title") || (key1 === "url")) || (key1 === "snippet"))){
const err9 = {instancePath:instancePath+"/results/" + i0,schemaPath:"#/properties/results/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data3.title !== undefined){
let data4 = data3.title;
const _errs11 = errors;
if(typeof data4 !== "string"){
const err10 = {instancePath:instancePath+"/results/" + i0+"/title",schemaPath:"#/properties/results/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
const _errs12 = errors;
var valid3 = _errs11 === errors;
}
if(data3.url !== undefined){
let data5 = data3.url;
const _errs13 = errors;
if(typeof data5 !== "string"){
const err11 = {instancePath:instancePath+"/results/" + i0+"/url",schemaPath:"#/properties/results/items/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
if(data3.snippet !== undefined){
let data6 = data3.snippet;
const _errs15 = errors;
if(typeof data6 !== "string"){
const err12 = {instancePath:instancePath+"/results/" + i0+"/snippet",schemaPath:"#/properties/results/items/properties/snippet/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
const _errs16 = errors;
var valid3 = _errs15 === errors;
}
}
else {
const err13 = {instancePath:instancePath+"/results/" + i0,schemaPath:"#/properties/results/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
var valid1 = _errs8 === errors;
if(!valid1){
valid2 = false;
}
}
}
else {
const err14 = {instancePath:instancePath+"/results",schemaPath:"#/properties/results/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var valid0 = _errs6 === errors;
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
validate3.errors = vErrors;
return errors === 0;
}
validate3.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
