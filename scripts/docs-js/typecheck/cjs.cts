// Type-checked by scripts/build-docs.sh against the built package: a CommonJS module requiring
// chuhan (package.json's "require" condition, chuhan.d.cts).
import chuhan = require("chuhan");

const board: chuhan.Board = new chuhan.Board();
const moves: string[] = board.legalMoves();
board.pushNotation("炮二平五");
const pgn: string = chuhan.writePgn({ moves: board.moves(), headers: { Event: "typed" } });
console.log(moves.length, chuhan.readPgn(pgn)[0].moves, board.outcome());
