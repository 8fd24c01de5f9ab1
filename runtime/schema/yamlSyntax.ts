// yaml's account of a syntax error is a code and a parser's sentence ("Flow map in block
// collection must be sufficiently indented and end with a }") at the line where the parser gave
// up, which is often the line after the mistake. This turns each mistake into one plain sentence
// that names the key it is about and the fix, at the place the fix goes.
import {
  type Document,
  isMap,
  isPair,
  isScalar,
  type LineCounter,
  type Node,
  visit,
  type YAMLError,
} from 'yaml';
import { PROBLEMS, type ProblemText } from './problemMessages.ts';

export interface SyntaxMistake {
  line: number;
  col: number;
  message: ProblemText;
}

/** The key a line starts with (`  title: {` → title; `- name: x` → name), if it has one. */
function keyOfLine(text: string): string | undefined {
  const match = /^[\s-]*["']?([^\s"':#{}[\],][^"':#{}[\],]*?)["']?\s*:(\s|$)/.exec(text);
  return match?.[1];
}

/** Columns and keys of the lines above `line` that a line at this depth could line up with. */
function indentChoices(lines: string[], line: number): Array<{ spaces: number; key: string }> {
  const choices: Array<{ spaces: number; key: string }> = [];
  let shallowest = Number.POSITIVE_INFINITY;
  for (let i = line - 2; i >= 0 && shallowest > 0; i--) {
    const text = lines[i];
    const spaces = text.search(/\S/);
    if (spaces === -1 || text[spaces] === '#') continue;
    const key = keyOfLine(text);
    if (spaces < shallowest && key !== undefined) {
      choices.push({ spaces, key });
      shallowest = spaces;
    }
  }
  return choices;
}

/** The innermost bracket still open before `offset`, outside quotes and comments. */
function openBracket(text: string, offset: number): { char: string; at: number } | undefined {
  const stack: Array<{ char: string; at: number }> = [];
  let quote: string | undefined;
  for (let i = 0; i < offset && i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === '"' || c === "'") {
      // a quote opens a string only where a value starts
      if (i === 0 || /[\s[{,:]/.test(text[i - 1])) quote = c;
    } else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]))) {
      while (i < offset && text[i] !== '\n') i++;
    } else if (c === '{' || c === '[') {
      stack.push({ char: c, at: i });
    } else if (c === '}' || c === ']') {
      stack.pop();
    }
  }
  return stack.at(-1);
}

/** Where the earlier copy of a duplicated key is: the pair of the same map with the same key. */
function firstCopy(doc: Document, offset: number): { key: string; at: number } | undefined {
  let found: { key: string; at: number } | undefined;
  visit(doc, {
    Map(_, map) {
      if (found || !isMap(map)) return;
      const keys = map.items.filter(isPair).map((p) => p.key as Node | null);
      const dup = keys.findIndex((k) => k?.range?.[0] === offset);
      if (dup <= 0) return;
      const name = isScalar(keys[dup]) ? String((keys[dup] as { value: unknown }).value) : '';
      const first = keys.find((k) => isScalar(k) && String(k.value) === name);
      if (first?.range) found = { key: name, at: first.range[0] };
    },
  });
  return found;
}

function explain(error: YAMLError, text: string, lines: string[], doc: Document, counter: LineCounter) {
  const pos = error.linePos?.[0] ?? { line: 1, col: 1 };
  const lineText = lines[pos.line - 1] ?? '';
  const key = keyOfLine(lineText);
  const at = (offset: number) => counter.linePos(offset);
  switch (error.code) {
    case 'TAB_AS_INDENT':
      return { ...pos, message: PROBLEMS.tabIndent({ key }) };
    case 'DUPLICATE_KEY': {
      const first = firstCopy(doc, error.pos[0]);
      const name = first?.key ?? key ?? '';
      return {
        ...pos,
        message: PROBLEMS.duplicateKey({ key: name, firstLine: first ? at(first.at).line : pos.line }),
      };
    }
    case 'MISSING_CHAR':
    case 'BAD_INDENT':
    case 'UNEXPECTED_TOKEN': {
      const quote = /quote/i.test(error.message)
        ? /Missing closing (["'])/.exec(error.message)?.[1]
        : undefined;
      if (quote) {
        // the quote opens on the last line above whose quotes do not pair up
        for (let i = pos.line - 2; i >= 0; i--) {
          if ((lines[i].split(quote).length - 1) % 2 === 1) {
            return {
              line: i + 1,
              col: lines[i].indexOf(quote) + 1,
              message: PROBLEMS.unclosedQuote({ quote, key: keyOfLine(lines[i]), line: i + 1 }),
            };
          }
        }
      }
      const open = openBracket(text, error.pos[0]);
      if (open) {
        const where = at(open.at);
        return {
          ...where,
          message: PROBLEMS.unclosed({
            open: open.char,
            close: open.char === '{' ? '}' : ']',
            key: keyOfLine(lines[where.line - 1] ?? ''),
            line: where.line,
            col: where.col,
          }),
        };
      }
      if (error.code === 'BAD_INDENT') {
        const spaces = lineText.search(/\S/);
        const choices = indentChoices(lines, pos.line).filter((c) => c.spaces !== spaces);
        return { line: pos.line, col: spaces + 1, message: PROBLEMS.badIndent({ key, spaces, choices }) };
      }
      break;
    }
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY':
      return { ...pos, message: PROBLEMS.nestedOnOneLine({ key }) };
  }
  const detail = error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
  return { ...pos, message: PROBLEMS.syntax({ key, detail }) };
}

/**
 * One mistake per problem: every duplicated key (each is a mistake of its own), and the first
 * other error, since what the parser says after it mostly follows from it.
 */
export function syntaxMistakes(text: string, doc: Document, counter: LineCounter): SyntaxMistake[] {
  const lines = text.split('\n');
  const duplicates = doc.errors.filter((e) => e.code === 'DUPLICATE_KEY');
  const first = doc.errors.find((e) => e.code !== 'DUPLICATE_KEY');
  return [...duplicates, ...(first ? [first] : [])].map((e) => explain(e, text, lines, doc, counter));
}
