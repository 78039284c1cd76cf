import { CliError, EXIT_OK } from '../cli-error';
import type { Command } from '../command';
import { parseCommandArgs } from '../parse-command-args';
import { DEFAULT_SERVER, remoteSettings } from '../remote/remote-settings';
import cliPackage from '../../package.json' with { type: 'json' };

export const mcpCommand: Command = {
  name: 'mcp',
  summary: 'an MCP server on stdio for local assistants (Claude Desktop, Cursor, VS Code)',
  usage: `citable mcp [--server URL]

  Serves the Model Context Protocol on standard input and output, for an assistant that starts
  it as a local ("stdio") server. Standard output carries MCP messages only; logs go to stderr.

  With an API key in CITABLE_API_KEY, it offers exactly the tools, resources and instructions of
  your Citable server's MCP endpoint (/api/mcp), forwarding every call (and its progress): audits
  land in the dashboard's history. Without a key, it offers the tools that run on this computer,
  with the same names and inputs: run_audit (one page) and audit_site (a crawl, with progress
  notifications); the other tools need the key.

  --server URL          the Citable server (else CITABLE_SERVER, else ${DEFAULT_SERVER})

  The docs page "Use Citable from Claude Desktop, Cursor and VS Code" (/docs/mcp-local-assistants)
  has the configuration blocks.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs('mcp', args, { server: { type: 'string' } });
    if (positionals.length > 0) throw new CliError(`citable mcp takes no arguments, got ${positionals.join(' ')}`);
    const remote = remoteSettings(io.env, values.server);
    const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
    // stdout is the protocol's: a stray console.log from any library would corrupt it.
    console.log = console.info = console.debug = console.error;

    let proxy: Awaited<ReturnType<typeof import('../mcp/remote-proxy').remoteProxyServer>> | undefined;
    let server;
    if (remote) {
      proxy = await (await import('../mcp/remote-proxy')).remoteProxyServer(remote, cliPackage.version);
      server = proxy.server;
      io.stderr.write(`citable mcp: serving the tools of ${remote.server}/api/mcp on stdio\n`);
    } else {
      server = (await import('../mcp/local-server')).localMcpServer(cliPackage.version);
      io.stderr.write('citable mcp: serving the local tools on stdio (set CITABLE_API_KEY for your Citable server\'s tools)\n');
    }
    const stdin = io.stdin ?? process.stdin;
    const transport = new StdioServerTransport(stdin as NodeJS.ReadStream, io.stdout as NodeJS.WriteStream);
    const closed = new Promise<void>((resolve) => {
      server.onclose = () => resolve();
    });
    // The assistant ends the server by closing its standard input.
    const end = () => void server.close();
    stdin.once('end', end);
    stdin.once('close', end);
    await server.connect(transport);
    await closed;
    await proxy?.close();
    return EXIT_OK;
  },
};
