/**
 * The router build bench's child: `node --expose-gc first-build-child.ts <router name> <table
 * index>` prints, as JSON, that router's first build of that table of BUILD_TABLES
 * (build-bench.ts).
 */
import { BUILD_TABLES, firstBuildAfterWarmUp } from './build-bench.ts';
import { CONTENDERS } from './contenders.ts';

const contender = CONTENDERS.find(({ name }) => name === process.argv[2]);
const table = BUILD_TABLES[Number(process.argv[3])];
if (contender === undefined || table === undefined) throw new Error(`usage: first-build-child.ts <router name> <table index>`);
process.stdout.write(JSON.stringify(firstBuildAfterWarmUp(contender, table)));
