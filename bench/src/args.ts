/**
 * `--name=value` and `--flag` arguments of a bench script. At the repository root,
 * `npm run bench -- --quick` reaches npm (the root script is itself `npm run bench -w bench`),
 * which turns unknown flags into npm_config_<name> variables: those are read too, so both
 * spellings work.
 */
export function benchArgs(argv: string[] = process.argv.slice(2)) {
  const fromEnv = (name: string) => process.env[`npm_config_${name.replace(/-/g, '_')}`];
  const get = (name: string): string | undefined =>
    argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fromEnv(name);
  return {
    get,
    flag: (name: string): boolean => argv.includes(`--${name}`) || fromEnv(name) === 'true',
    /** Node flags given as one space-separated value (`--server-node-args="--a --b"`). */
    nodeArgs: (name: string): string[] | undefined => get(name)?.split(' ').filter(Boolean),
  };
}
