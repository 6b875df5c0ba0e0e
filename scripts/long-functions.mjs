#!/usr/bin/env node
// Counts functions longer than 80 and 150 lines (issue #30: "functions over 80 lines"), with the TypeScript compiler
// API: every function declaration, method, arrow function and function expression, measured from its first to its
// last line. Nested functions count on their own (an outer function's length includes them).
//   node scripts/long-functions.mjs [folder…]      default apps/server/src; tests (*.test.ts) are left out
//   --list   also lists each function over 80 lines, longest first
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const list = args.includes('--list');
const roots = args.filter((a) => !a.startsWith('--'));
if (roots.length === 0) roots.push('apps/server/src');

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'node_modules' && name !== 'dist') yield* files(p);
    } else if (/\.(ts|tsx)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts')) yield p;
  }
}

function nameOf(node, sf) {
  if (node.name) return node.name.getText(sf);
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(sf);
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(sf);
  if (parent && ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText(sf).slice(0, 40)})`;
  return '(anonymous)';
}

const found = [];
for (const root of roots)
  for (const file of files(root)) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (
        ts.isFunctionDeclaration(node) ||
        ts.isMethodDeclaration(node) ||
        ts.isArrowFunction(node) ||
        ts.isFunctionExpression(node) ||
        ts.isConstructorDeclaration(node) ||
        ts.isGetAccessor(node) ||
        ts.isSetAccessor(node)
      ) {
        if (node.body) {
          const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
          const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
          const lines = end - start + 1;
          if (lines > 80) found.push({ file, line: start + 1, name: nameOf(node, sf), lines });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }

found.sort((a, b) => b.lines - a.lines);
if (list) for (const f of found) console.log(`${String(f.lines).padStart(5)}  ${f.file}:${f.line}  ${f.name}`);
console.log(
  `${roots.join(' ')}: ${found.length} functions over 80 lines, ${found.filter((f) => f.lines > 150).length} over 150`,
);
