// Type-checked by scripts/build-docs.sh against the built package: an ES module importing chuhan
// (package.json's "import" condition, chuhan.d.ts).
import { Board, readPgn, writePgn } from "chuhan";

const board: Board = new Board();
const moves: string[] = board.legalMoves();
board.pushNotation("炮二平五");
const pgn: string = writePgn({ moves: board.moves(), headers: { Event: "typed" } });
console.log(moves.length, readPgn(pgn)[0].moves, board.outcome());
