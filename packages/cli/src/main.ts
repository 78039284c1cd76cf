import { runCli } from './run-cli';

// Setting exitCode (rather than calling exit) lets stdout drain when it is a pipe. Standard input
// is opened only by a command that reads it (citable audit -).
process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  get stdin() {
    return process.stdin;
  },
});
