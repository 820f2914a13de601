import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

type Ports = { appPort: number; sitePort: number; redirectPort: number };

/**
 * deploy/nginx/kestrel.conf as this machine runs it, written into `dir` with
 * its main nginx.conf; only what differs here changes: the ports, the one app
 * instance, this build's path, and the certificate (self-signed), or no TLS
 * at all (`tls: false`, for a benchmark against a plain-HTTP nginx).
 * Returns the main configuration's path.
 */
export function writeShippedNginx(dir: string, { appPort, sitePort, redirectPort }: Ports, { tls = true, accessLog = true } = {}): string {
  if (tls) selfSignedCertificate(dir);
  let site = readFileSync("deploy/nginx/kestrel.conf", "utf8")
    .replace(/ {4}server 127\.0\.0\.1:3000[^\n]*\n {4}server 127\.0\.0\.1:3001[^\n]*\n/, `    server 127.0.0.1:${appPort};\n`)
    .replace("listen 443 ssl http2;", `listen 127.0.0.1:${sitePort}${tls ? " ssl http2" : ""};`)
    .replace("listen [::]:443 ssl http2;", "")
    .replace("listen 80;", `listen 127.0.0.1:${redirectPort};`)
    .replace("listen [::]:80;", "")
    // The build being tested, where a host keeps it in /srv/kestrel/build.
    .replaceAll("/srv/kestrel/build", path.resolve("build"));
  site = tls
    ? site
        .replace("/etc/letsencrypt/live/kestrel.example/fullchain.pem", path.join(dir, "cert.pem"))
        .replace("/etc/letsencrypt/live/kestrel.example/privkey.pem", path.join(dir, "key.pem"))
    : site.replace(/^ *ssl_[^\n]*\n/gm, "");
  writeFileSync(path.join(dir, "kestrel.conf"), site);
  for (const temp of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(dir, temp), { recursive: true });
  const mainConf = path.join(dir, "nginx.conf");
  // Run as root, nginx's workers would be "nobody", who cannot read a checkout in a private (0700) temporary
  // directory such as `mktemp -d` makes; the test's own user owns the build, so the workers run as that user.
  const workerUser = process.getuid?.() === 0 ? "user root;\n" : "";
  writeFileSync(
    mainConf,
    `${workerUser}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log ${accessLog ? `${dir}/access.log` : "off"};
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/kestrel.conf;
}
`,
  );
  return mainConf;
}

function selfSignedCertificate(dir: string): void {
  const subject = ["-subj", "/CN=kestrel.example", "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem")];
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", ...subject], { stdio: "ignore" });
}
