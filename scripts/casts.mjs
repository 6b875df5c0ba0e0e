#!/usr/bin/env node
// Counts type assertions (issue #30 "cut casts"), with the TypeScript compiler API: `x as T` (not `as const`) and
// among them the double casts `x as unknown as T`; `<T>x` assertions too.
//   node scripts/casts.mjs [folder…]      default apps/server; tests (*.test.ts) counted separately
//   --list   also lists every `as unknown as`
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const list = args.includes('--list');
const roots = args.filter((a) => !a.startsWith('--'));
if (roots.length === 0) roots.push('apps/server');

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'node_modules' && name !== 'dist') yield* files(p);
    } else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) yield p;
  }
}

const count = { source: { as: 0, unknown: 0 }, tests: { as: 0, unknown: 0 } };
for (const root of roots)
  for (const file of files(root)) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const bucket = /\.(test|spec)\.tsx?$/.test(file) ? count.tests : count.source;
    const visit = (node) => {
      if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
        const isConst = ts.isTypeReferenceNode(node.type) && node.type.typeName.getText(sf) === 'const';
        if (!isConst) {
          bucket.as++;
          const inner = node.expression;
          if (ts.isAsExpression(inner) && inner.type.kind === ts.SyntaxKind.UnknownKeyword) {
            bucket.unknown++;
            if (list) console.log(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
console.log(
  `${roots.join(' ')}: source ${count.source.as} casts (${count.source.unknown} as unknown as); ` +
    `tests ${count.tests.as} casts (${count.tests.unknown} as unknown as)`,
);
