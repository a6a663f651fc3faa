// The package in a browser page: Debian's chromium, driven by
// playwright-core, imports dist/chess.mjs (served from disk through
// Playwright's routing, no server) and plays a game; the answers must be
// chess.js's. Run by `cargo xtask js --test`, which sets CHROMIUM.

import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { Chess } from 'chess.js'

const ORIGIN = 'http://bitmoves.test'
const dist = (name) => new URL(`../dist/${name}`, import.meta.url)
const TYPES = { 'chess.mjs': 'text/javascript', 'bitmoves.wasm': 'application/wasm' }

test('the ES module runs in Chromium and agrees with chess.js', async () => {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM, args: ['--no-sandbox'] })
  try {
    const page = await browser.newPage()
    await page.route(`${ORIGIN}/**`, (route) => {
      const name = new URL(route.request().url()).pathname.slice(1)
      if (name === '') return route.fulfill({ body: '<!doctype html><title>bitmoves</title>', contentType: 'text/html' })
      if (!(name in TYPES)) return route.fulfill({ status: 404, body: '' })
      return route.fulfill({ body: readFileSync(dist(name)), contentType: TYPES[name] })
    })
    await page.goto(`${ORIGIN}/`)
    const sans = ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Nf6', 'O-O']
    const answer = await page.evaluate(async (sans) => {
      const { Chess } = await import('/chess.mjs')
      const chess = new Chess()
      for (const san of sans) chess.move(san)
      return { fen: chess.fen(), moves: chess.moves(), pgn: chess.pgn(), perft: chess.perft(3) }
    }, sans)
    const oracle = new Chess()
    for (const san of sans) oracle.move(san)
    assert.equal(answer.fen, oracle.fen())
    assert.deepEqual(answer.moves, oracle.moves())
    assert.equal(answer.pgn, oracle.pgn())
    assert.equal(answer.perft, oracle.perft(3))
  } finally {
    await browser.close()
  }
})
