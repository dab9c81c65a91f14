// The policy lives in ./policy/ (rules, compile, shell command classification, formats).
export * from './policy/index.js';
