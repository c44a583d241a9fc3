#!/usr/bin/env node
// The `fw` command. A committed shim, so npm links the bin before the TypeScript is built.
import '../dist/bin/fw.js';
