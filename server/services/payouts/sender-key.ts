import { createDecipheriv, pbkdf2Sync, scryptSync, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { bytesToHex, type Hex, hexToBytes, keccak256 } from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import type { ServerEnv } from "../../env.ts";
import { SenderRefused } from "./sender-refused.ts";

type Keystore = {
  crypto: {
    cipher: string;
    ciphertext: string;
    cipherparams: { iv: string };
    kdf: "scrypt" | "pbkdf2";
    kdfparams: { dklen: number; salt: string; n?: number; r?: number; p?: number; c?: number; prf?: string };
    mac: string;
  };
};

/** Decrypts a Web3 Secret Storage (v3) keystore file, the format geth, Foundry's `cast wallet` and MetaMask export. */
export function decryptKeystore(json: string, password: string): Hex {
  let keystore: Keystore;
  try {
    keystore = JSON.parse(json) as Keystore;
  } catch {
    throw new SenderRefused({ refusal: "keystore_not_json" });
  }
  const { crypto } = keystore;
  if (crypto?.cipher !== "aes-128-ctr") throw new SenderRefused({ refusal: "keystore_cipher" });
  const salt = Buffer.from(crypto.kdfparams.salt, "hex");
  const length = crypto.kdfparams.dklen;
  const derived =
    crypto.kdf === "scrypt"
      ? scryptSync(password, salt, length, {
          N: crypto.kdfparams.n ?? 0,
          r: crypto.kdfparams.r ?? 0,
          p: crypto.kdfparams.p ?? 0,
          maxmem: 512 * 1024 * 1024,
        })
      : pbkdf2Sync(password, salt, crypto.kdfparams.c ?? 0, length, "sha256");
  const ciphertext = Buffer.from(crypto.ciphertext, "hex");
  const mac = hexToBytes(keccak256(Buffer.concat([derived.subarray(16, 32), ciphertext])));
  const expected = Buffer.from(crypto.mac, "hex");
  if (expected.length !== mac.length || !timingSafeEqual(expected, mac)) throw new SenderRefused({ refusal: "keystore_password" });
  const decipher = createDecipheriv("aes-128-ctr", derived.subarray(0, 16), Buffer.from(crypto.cipherparams.iv, "hex"));
  return bytesToHex(Buffer.concat([decipher.update(ciphertext), decipher.final()]));
}

/** The hot wallet's account, from PAYOUT_SENDER_KEY or the keystore file. */
export function loadSenderAccount(env: ServerEnv): PrivateKeyAccount {
  if (env.PAYOUT_SENDER_KEY) return privateKeyToAccount(env.PAYOUT_SENDER_KEY as Hex);
  if (env.PAYOUT_SENDER_KEYSTORE) {
    let file: string;
    try {
      file = readFileSync(env.PAYOUT_SENDER_KEYSTORE, "utf8");
    } catch {
      throw new SenderRefused({ refusal: "keystore_unreadable", path: env.PAYOUT_SENDER_KEYSTORE });
    }
    return privateKeyToAccount(decryptKeystore(file, env.PAYOUT_SENDER_KEYSTORE_PASSWORD ?? ""));
  }
  throw new SenderRefused({ refusal: "no_sender_key" });
}
