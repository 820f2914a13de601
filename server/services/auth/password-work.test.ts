import { describe, expect, it } from "vitest";
import { PasswordWorkBusy, passwordWork } from "./password-work.ts";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe("password work", () => {
  it("runs at most `concurrency` checks at once, then the waiting ones in order", async () => {
    const work = passwordWork({ concurrency: 2, maxWaiting: 10, maxPerClient: 10 });
    const gates = Array.from({ length: 5 }, deferred);
    let active = 0;
    let peak = 0;
    const order: number[] = [];
    const runs = gates.map((gate, index) =>
      work.run(`client-${index}`, async () => {
        active++;
        peak = Math.max(peak, active);
        order.push(index);
        await gate.promise;
        active--;
        return index;
      }),
    );
    await Promise.resolve();
    expect(order).toEqual([0, 1]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(work.started()).toBe(5);
  });

  it("refuses one client's checks past its share, while another client still gets a place", async () => {
    const work = passwordWork({ concurrency: 1, maxWaiting: 8, maxPerClient: 2 });
    const hold = deferred();
    const flood = [work.run("flooder", () => hold.promise), work.run("flooder", () => hold.promise)];
    await expect(work.run("flooder", async () => "third")).rejects.toMatchObject({ scope: "client", retryAfterSeconds: 1 });
    const honest = work.run("honest", async () => "checked");
    hold.resolve();
    await Promise.all(flood);
    expect(await honest).toBe("checked");
    expect(work.started()).toBe(3);
  });

  it("refuses when the queue is full, and frees places as checks finish, failed ones included", async () => {
    const work = passwordWork({ concurrency: 1, maxWaiting: 1, maxPerClient: 5 });
    const hold = deferred();
    const first = work.run("a", async () => {
      await hold.promise;
      throw new Error("argon2 failed");
    });
    const second = work.run("b", async () => "second");
    await expect(work.run("c", async () => "third")).rejects.toMatchObject({ scope: "server", retryAfterSeconds: 1 });
    hold.resolve();
    await expect(first).rejects.toThrow("argon2 failed");
    expect(await second).toBe("second");
    expect(await work.run("c", async () => "later")).toBe("later");
  });

  it("counts every address of one IPv6 /64 as one client, and a mapped IPv4 address as the address", async () => {
    const work = passwordWork({ concurrency: 1, maxWaiting: 8, maxPerClient: 2 });
    const hold = deferred();
    const flood = [work.run("2001:db8:1:2::a", () => hold.promise), work.run("2001:db8:1:2:ffff::b", () => hold.promise)];
    await expect(work.run("2001:db8:1:2::c", async () => "third")).rejects.toBeInstanceOf(PasswordWorkBusy);
    const neighbour = work.run("2001:db8:1:3::a", async () => "checked");
    const ipv4 = [work.run("203.0.113.9", () => hold.promise), work.run("::ffff:203.0.113.9", () => hold.promise)];
    await expect(work.run("203.0.113.9", async () => "third")).rejects.toBeInstanceOf(PasswordWorkBusy);
    hold.resolve();
    await Promise.all([...flood, ...ipv4]);
    expect(await neighbour).toBe("checked");
  });
});
