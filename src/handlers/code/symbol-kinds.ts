// LSP's SymbolKind numbers as the names results show.
const NAMES = [
  'file',
  'module',
  'namespace',
  'package',
  'class',
  'method',
  'property',
  'field',
  'constructor',
  'enum',
  'interface',
  'function',
  'variable',
  'constant',
  'string',
  'number',
  'boolean',
  'array',
  'object',
  'key',
  'null',
  'enum member',
  'struct',
  'event',
  'operator',
  'type parameter',
];

export function symbolKindName(kind: number | undefined): string {
  return (kind !== undefined && NAMES[kind - 1]) || 'symbol';
}
