import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; data: string; text: string };

/** Quoted-printable as nodemailer writes it: soft line breaks and =XX bytes. */
function decodeQuotedPrintable(data: string): string {
  return Buffer.from(
    data.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

/**
 * A real SMTP server in the test process (`smtp-server`): what the site sends
 * arrives here over SMTP. `refuseNext(n)` makes it refuse the next n messages,
 * as a mail server that is down would.
 */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => {
        data += chunk.toString("latin1");
      });
      stream.on("end", () => {
        if (refusals > 0) {
          refusals--;
          callback(Object.assign(new Error("mailbox unavailable"), { responseCode: 451 }));
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          data,
          text: decodeQuotedPrintable(data),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count: number) {
      refusals = count;
    },
    /** The newest message to this address. */
    lastTo(address: string): ReceivedMail | undefined {
      return received.filter((mail) => mail.to.includes(address)).at(-1);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of the first site link in an email (`…?token=…`). */
export function tokenIn(mail: ReceivedMail | undefined): string {
  const token = /[?&]token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`no link with a token in the email: ${mail?.text.slice(0, 500) ?? "(no email)"}`);
  return token;
}
