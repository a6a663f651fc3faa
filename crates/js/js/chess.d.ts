// Types of the npm package `bitmoves`: chess.js 1.4's public API.

export declare const WHITE = 'w'
export declare const BLACK = 'b'
export declare const PAWN = 'p'
export declare const KNIGHT = 'n'
export declare const BISHOP = 'b'
export declare const ROOK = 'r'
export declare const QUEEN = 'q'
export declare const KING = 'k'
export type Color = 'w' | 'b'
export type PieceSymbol = 'p' | 'n' | 'b' | 'r' | 'q' | 'k'
export type Square =
  | 'a8' | 'b8' | 'c8' | 'd8' | 'e8' | 'f8' | 'g8' | 'h8'
  | 'a7' | 'b7' | 'c7' | 'd7' | 'e7' | 'f7' | 'g7' | 'h7'
  | 'a6' | 'b6' | 'c6' | 'd6' | 'e6' | 'f6' | 'g6' | 'h6'
  | 'a5' | 'b5' | 'c5' | 'd5' | 'e5' | 'f5' | 'g5' | 'h5'
  | 'a4' | 'b4' | 'c4' | 'd4' | 'e4' | 'f4' | 'g4' | 'h4'
  | 'a3' | 'b3' | 'c3' | 'd3' | 'e3' | 'f3' | 'g3' | 'h3'
  | 'a2' | 'b2' | 'c2' | 'd2' | 'e2' | 'f2' | 'g2' | 'h2'
  | 'a1' | 'b1' | 'c1' | 'd1' | 'e1' | 'f1' | 'g1' | 'h1'
export declare const DEFAULT_POSITION = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
export type Piece = { color: Color; type: PieceSymbol }
export declare const SQUARES: Square[]
export declare const SEVEN_TAG_ROSTER: Record<string, string>
export declare function validateFen(fen: string): { ok: boolean; error?: string }
export declare function xoroshiro128(state: bigint): () => bigint

export declare class Move {
  color: Color
  from: Square
  to: Square
  piece: PieceSymbol
  captured?: PieceSymbol
  promotion?: PieceSymbol
  /** @deprecated chess.js's flag letters: use the `is…` methods. */
  flags: string
  san: string
  lan: string
  before: string
  after: string
  isCapture(): boolean
  isPromotion(): boolean
  isEnPassant(): boolean
  isKingsideCastle(): boolean
  isQueensideCastle(): boolean
  isBigPawn(): boolean
}

export declare class Chess {
  /** `chess960` (not in chess.js): Chess960 castling, king-takes-rook. */
  constructor(fen?: string, options?: { skipValidation?: boolean; chess960?: boolean })
  clear(options?: { preserveHeaders?: boolean }): void
  load(fen: string, options?: { skipValidation?: boolean; preserveHeaders?: boolean }): void
  fen(options?: { forceEnpassantSquare?: boolean }): string
  reset(): void
  get(square: Square): Piece | undefined
  findPiece(piece: Piece): Square[]
  put(piece: { type: PieceSymbol; color: Color }, square: Square): boolean
  remove(square: Square): Piece | undefined
  attackers(square: Square, attackedBy?: Color): Square[]
  hash(): string
  isAttacked(square: Square, attackedBy: Color): boolean
  isCheck(): boolean
  inCheck(): boolean
  isCheckmate(): boolean
  isStalemate(): boolean
  isInsufficientMaterial(): boolean
  isThreefoldRepetition(): boolean
  isDrawByFiftyMoves(): boolean
  isDraw(): boolean
  isGameOver(): boolean
  moves(options: { verbose: true; square?: Square; piece?: PieceSymbol }): Move[]
  moves(options?: { verbose?: false; square?: Square; piece?: PieceSymbol }): string[]
  moves(options: { verbose?: boolean; square?: Square; piece?: PieceSymbol }): string[] | Move[]
  move(
    move: string | { from: string; to: string; promotion?: string } | null,
    options?: { strict?: boolean },
  ): Move
  undo(): Move | null
  /** `variations` (not in chess.js): also the NAGs and variations `loadPgn` kept, as python-chess writes them. */
  pgn(options?: { newline?: string; maxWidth?: number; variations?: boolean }): string
  /** @deprecated Use `setHeader` and `getHeaders`. */
  header(...args: string[]): Record<string, string | null>
  setHeader(key: string, value: string): Record<string, string>
  removeHeader(key: string): boolean
  getHeaders(): Record<string, string>
  /** `variations` (not in chess.js): keep the variations, their comments and NAGs, and the main line's NAGs. */
  loadPgn(pgn: string, options?: { strict?: boolean; newlineChar?: string; variations?: boolean }): void
  /** Not in chess.js: the variations kept at the current position, each as its moves' SAN. */
  variations(): string[][]
  ascii(): string
  perft(depth: number): number
  setTurn(color: Color): boolean
  turn(): Color
  board(): ({ square: Square; type: PieceSymbol; color: Color } | null)[][]
  squareColor(square: Square): 'light' | 'dark' | null
  history(options: { verbose: true }): Move[]
  history(options?: { verbose?: false }): string[]
  history(options: { verbose: boolean }): string[] | Move[]
  getComment(): string
  setComment(comment: string): void
  /** @deprecated Renamed `removeComment`. */
  deleteComment(): string
  removeComment(): string
  getComments(): { fen: string; comment: string }[]
  /** @deprecated Renamed `removeComments`. */
  deleteComments(): { fen: string; comment: string }[]
  removeComments(): { fen: string; comment: string }[]
  setCastlingRights(color: Color, rights: Partial<Record<'k' | 'q', boolean>>): boolean
  getCastlingRights(color: Color): { k: boolean; q: boolean }
  moveNumber(): number
}
