import { createCipheriv, randomBytes, scryptSync } from "node:crypto";
import { hexToBytes, keccak256 } from "viem";
import { generatePrivateKey } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { decryptKeystore } from "./sender-key.ts";
import { SenderRefused } from "./sender-refused.ts";

/** A v3 keystore written the way geth does (scrypt, aes-128-ctr, keccak MAC), with a small scrypt cost for speed. */
function keystoreFor(key: `0x${string}`, password: string): string {
  const salt = randomBytes(32);
  const iv = randomBytes(16);
  const derived = scryptSync(password, salt, 32, { N: 1024, r: 8, p: 1 });
  const cipher = createCipheriv("aes-128-ctr", derived.subarray(0, 16), iv);
  const ciphertext = Buffer.concat([cipher.update(hexToBytes(key)), cipher.final()]);
  const mac = keccak256(Buffer.concat([derived.subarray(16, 32), ciphertext])).slice(2);
  return JSON.stringify({
    version: 3,
    crypto: {
      cipher: "aes-128-ctr",
      ciphertext: ciphertext.toString("hex"),
      cipherparams: { iv: iv.toString("hex") },
      kdf: "scrypt",
      kdfparams: { dklen: 32, salt: salt.toString("hex"), n: 1024, r: 8, p: 1 },
      mac,
    },
  });
}

describe("the hot wallet's keystore", () => {
  it("decrypts with the right password", () => {
    const key = generatePrivateKey();
    expect(decryptKeystore(keystoreFor(key, "correct horse"), "correct horse")).toBe(key);
  });

  it("refuses a wrong password without showing the key or the password", () => {
    const key = generatePrivateKey();
    const attempt = () => decryptKeystore(keystoreFor(key, "correct horse"), "wrong horse");
    expect(attempt).toThrow(new SenderRefused({ refusal: "keystore_password" }));
    expect(attempt).toThrow(/^keystore_password$/);
  });
});
