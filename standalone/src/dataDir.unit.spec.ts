import { join } from "node:path";
import { loadConfig } from "@shop/platform";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, standaloneEnv } from "./dataDir.ts";

describe("npm start's data folder (issue 18 item 15)", () => {
  it("is the repository root's ./data, wherever npm runs the workspace", () => {
    const config = loadConfig(standaloneEnv({ INIT_CWD: REPO_ROOT }));
    expect(config.dataDir).toBe(join(REPO_ROOT, "data"));
    expect(config.mediaDir).toBe(join(REPO_ROOT, "data", "media"));
    expect(config.dataDir).not.toContain(join("standalone", "data"));
  });

  it("takes a relative DATA_DIR or MEDIA_DIR from where the command was typed, an absolute one as it is", () => {
    const typed = standaloneEnv({ INIT_CWD: "/home/asha/shop", DATA_DIR: "./mine", MEDIA_DIR: "pics" });
    expect(typed.DATA_DIR).toBe("/home/asha/shop/mine");
    expect(typed.MEDIA_DIR).toBe("/home/asha/shop/pics");
    expect(standaloneEnv({ INIT_CWD: "/home/asha/shop", DATA_DIR: "/data" }).DATA_DIR).toBe("/data");
  });
});
