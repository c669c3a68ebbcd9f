/**
 * The catalog as Markdown for docs/catalog.md: a property table per system, then each system's commands with a JSON
 * example. Deterministic (no dates, no timings), so docs/catalog.md can be regenerated and diffed.
 */
import type { CatalogDocument, ListedSystem } from './catalog-document.js';

/** A table cell: pipes escaped and line breaks flattened, so a statement cannot break the table. */
function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
}

/** The property table of one system. */
function propertySection(document: CatalogDocument, system: ListedSystem): string[] {
  const properties = document.properties.filter((p) => p.system === system.id);
  const heading = system.summary === '' ? `### ${system.id}` : `### ${system.id} — ${system.summary}`;
  if (properties.length === 0) return [heading, '', '_No properties yet._', ''];
  return [
    heading,
    '',
    '| id | kind | statement |',
    '|---|---|---|',
    ...properties.map((p) => `| ${cell(p.id)} | ${p.kind} | ${cell(p.statement)} |`),
    '',
  ];
}

/** A fenced JSON block. */
function jsonBlock(value: unknown, indent?: number): string[] {
  return ['```json', JSON.stringify(value, null, indent), '```'];
}

/** The command reference of one system. */
function commandSection(system: ListedSystem): string[] {
  const lines = [`### ${system.id}`, ''];
  if (system.exampleSetup !== undefined) lines.push('Setup, for example:', '', ...jsonBlock(system.exampleSetup, 2), '');
  if (system.commands.length === 0) return [...lines, '_No commands documented._', ''];
  for (const command of system.commands) {
    const kind = command.environment === true ? ' (environment)' : '';
    lines.push(`#### \`${command.type}\`${kind}`, '', command.summary, '', ...jsonBlock(command.example), '');
  }
  return lines;
}

/** The whole listing: `## Properties` grouped by system, then `## Commands` per system. */
export function catalogMarkdown(document: CatalogDocument): string {
  const lines = ['## Properties', ''];
  if (document.systems.length === 0) lines.push('_No properties yet._', '');
  for (const system of document.systems) lines.push(...propertySection(document, system));
  lines.push('## Commands', '');
  const documented = document.systems.filter((s) => s.summary !== '' || s.commands.length > 0);
  if (documented.length === 0) lines.push('_No systems yet._', '');
  for (const system of documented) lines.push(...commandSection(system));
  return lines.join('\n').replace(/\n+$/, '\n');
}
