import { runCli } from './run-cli';

// Setting exitCode (rather than calling exit) lets stdout drain when it is a pipe.
process.exitCode = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env });
