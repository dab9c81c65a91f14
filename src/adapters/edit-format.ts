// Which edit operations a model is given: the ones whose input is written in the format it was
// trained on. `str_replace` (edit_file, multi_edit: old and new strings) or `apply_patch` (a patch
// in the apply_patch envelope); `auto` picks by model name from EDIT_FORMAT_BY_MODEL, as opencode
// and Cline route GPT-family models to apply_patch. Operations that are no edit operation are
// always listed; no editFormat lists every operation.
import type { EditFormat, OperationDescriptor } from '../runtime/descriptor.js';

export type EditFormatOption = EditFormat | 'auto';

export interface ModelFamily {
  /** The family as the docs name it. */
  family: string;
  /** Matched against the model name, lower-cased, without a provider prefix (`openai/gpt-5` → `gpt-5`). */
  pattern: RegExp;
  format: EditFormat;
}

/**
 * The edit format per model family, first match wins; a model no row matches gets `str_replace`.
 * OpenAI's reasoning and GPT-4.1/5 models write the apply_patch envelope (Codex, the Agents SDK's
 * apply_patch tool); GPT-4o and earlier, the open-weight gpt-oss, Claude, Gemini and the rest
 * are given string replacement.
 */
export const EDIT_FORMAT_BY_MODEL: readonly ModelFamily[] = Object.freeze([
  { family: 'GPT-5 (gpt-5, gpt-5.1, gpt-5-codex, gpt-5-mini, …)', pattern: /^gpt-5/, format: 'apply_patch' },
  { family: 'GPT-4.1 (gpt-4.1, gpt-4.1-mini, gpt-4.1-nano)', pattern: /^gpt-4\.1/, format: 'apply_patch' },
  { family: 'OpenAI o-series (o3, o3-pro, o4-mini, …)', pattern: /^o[3-9](?:$|[-.])/, format: 'apply_patch' },
  { family: 'Codex models (codex-mini, codex-…)', pattern: /^codex/, format: 'apply_patch' },
  { family: 'gpt-oss (open weights)', pattern: /^gpt-oss/, format: 'str_replace' },
  { family: 'GPT-4o, GPT-4 and earlier', pattern: /^gpt-(?:4|3)/, format: 'str_replace' },
  { family: 'Claude, Gemini, and every other model', pattern: /(?:)/, format: 'str_replace' },
] as const);

/** The edit format for a model name (or an MCP client's name), by EDIT_FORMAT_BY_MODEL. */
export function editFormatForModel(model: string): EditFormat {
  const name = model.trim().toLowerCase().replace(/^.*\//, '');
  return EDIT_FORMAT_BY_MODEL.find((row) => row.pattern.test(name))?.format ?? 'str_replace';
}

/**
 * The format an exporter lists, from its options: undefined (every operation) when none was asked
 * for; `auto` needs the model's name. A TypeError names a bad option.
 */
export function resolveEditFormat(
  option: EditFormatOption | undefined,
  model: string | undefined,
  where: string,
): EditFormat | undefined {
  if (option === undefined) return undefined;
  if (option === 'str_replace' || option === 'apply_patch') return option;
  if (option !== 'auto')
    throw new TypeError(
      `${where}: editFormat must be 'str_replace', 'apply_patch' or 'auto', got ${JSON.stringify(option)}`,
    );
  if (typeof model !== 'string' || model.trim() === '')
    throw new TypeError(`${where}: editFormat 'auto' needs the model's name (options.model, e.g. 'gpt-5')`);
  return editFormatForModel(model);
}

/** The operations listed under `format`: every one that is no edit operation or is of that format. */
export function withEditFormat(
  operations: readonly OperationDescriptor[],
  format: EditFormat | undefined,
): readonly OperationDescriptor[] {
  if (format === undefined) return operations;
  return operations.filter((op) => op.editFormat === undefined || op.editFormat === format);
}
