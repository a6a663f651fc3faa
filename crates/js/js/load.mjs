// The ES module loader: reads bitmoves.wasm beside this file (Node: from
// disk; browsers: fetch), instantiates it and exports the public names.

const wasmUrl = new URL('./bitmoves.wasm', import.meta.url)
const wasmBytes =
  typeof process !== 'undefined' && process.versions && process.versions.node
    ? await (await import('node:fs/promises')).readFile(wasmUrl)
    : await (await fetch(wasmUrl)).arrayBuffer()
bind((await WebAssembly.instantiate(wasmBytes)).instance.exports)

export {
  BISHOP, BLACK, Chess, DEFAULT_POSITION, KING, KNIGHT, Move, PAWN, QUEEN, ROOK,
  SEVEN_TAG_ROSTER, SQUARES, WHITE, validateFen, xoroshiro128,
}
