/** `mqspec list`: the property catalog, as a table, as JSON, or as the Markdown of docs/catalog.md. */
import { colorsFor, type CliContext } from '../context.js';
import { ExitCode } from '../exit-code.js';
import { catalogDocument } from '../format/catalog-document.js';
import { catalogMarkdown } from '../format/catalog-markdown.js';
import { renderTable } from '../format/table.js';

/** The options of `mqspec list`. */
export interface ListOptions {
  readonly json?: boolean;
  readonly markdown?: boolean;
}

/** Prints the catalog; always succeeds. */
export function listCommand(options: ListOptions, context: CliContext): ExitCode {
  const document = catalogDocument(context);
  if (options.json === true) {
    context.stdout.write(JSON.stringify(document, null, 2) + '\n');
    return ExitCode.ok;
  }
  if (options.markdown === true) {
    context.stdout.write(catalogMarkdown(document));
    return ExitCode.ok;
  }
  if (document.properties.length === 0) {
    context.stdout.write('no properties in the catalog\n');
    return ExitCode.ok;
  }
  const colors = colorsFor(context.stdout, context.env);
  const rows = document.properties.map((p) => [p.id, p.system, p.kind, p.statement]);
  const columns = [{ header: 'id' }, { header: 'system' }, { header: 'kind' }, { header: 'statement' }];
  context.stdout.write(renderTable(columns, rows, (text, row) => (row === -1 ? colors.bold(text) : text)));
  return ExitCode.ok;
}
