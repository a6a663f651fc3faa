// The CommonJS loader: reads bitmoves.wasm beside this file synchronously
// and exports the public names.

bind(
  new WebAssembly.Instance(
    new WebAssembly.Module(require('node:fs').readFileSync(require('node:path').join(__dirname, 'bitmoves.wasm'))),
  ).exports,
)

module.exports = {
  BISHOP, BLACK, Chess, DEFAULT_POSITION, KING, KNIGHT, Move, PAWN, QUEEN, ROOK,
  SEVEN_TAG_ROSTER, SQUARES, WHITE, validateFen, xoroshiro128,
}
