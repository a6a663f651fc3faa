// Assembles the npm package's dist/ from the sources in js/ and a wasm
// module: `node scripts/build.mjs WASM` (run by `cargo xtask js`).
// chess.mjs (ES module) and chess.cjs (CommonJS) are the same body,
// js/core.js, js/pgn.js and js/chess.js, followed by their loader.

import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(dirname(fileURLToPath(import.meta.url)))
const wasm = process.argv[2]
if (!wasm) {
  console.error('usage: node scripts/build.mjs WASM')
  process.exit(2)
}
const source = (name) => readFileSync(join(here, 'js', name), 'utf8')
// Whole-line comments (`//` lines and `/* … */` blocks that start and end
// lines), blank lines and indentation are left out of the package (about
// 1.5 KB of its gzipped size); the sources hold no multi-line strings
// they could be in.
const uncommented = (text) => {
  const kept = []
  let inBlock = false
  for (const line of text.split('\n')) {
    if (!inBlock && /^\s*\/\*/.test(line)) inBlock = true
    if (inBlock) {
      if (/\*\/\s*$/.test(line)) inBlock = false
      continue
    }
    const code = line.trimStart()
    if (code && !code.startsWith('//')) kept.push(code)
  }
  return kept.join('\n')
}
const body = ['core.js', 'pgn.js', 'chess.js'].map(source).map(uncommented).join('\n')
const dist = join(here, 'dist')
rmSync(dist, { recursive: true, force: true })
mkdirSync(dist)
writeFileSync(join(dist, 'chess.mjs'), body + '\n' + source('load.mjs'))
writeFileSync(join(dist, 'chess.cjs'), "'use strict'\n" + body + '\n' + source('load.cjs'))
copyFileSync(join(here, 'js', 'chess.d.ts'), join(dist, 'chess.d.ts'))
copyFileSync(wasm, join(dist, 'bitmoves.wasm'))
console.log(`built ${dist}`)
