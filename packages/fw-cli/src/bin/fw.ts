#!/usr/bin/env node
// Placeholder until issue 5: the commands land in src/commands/.
process.stderr.write('fw: no commands yet (see docs/cli.md)\n');
process.exitCode = 1;
