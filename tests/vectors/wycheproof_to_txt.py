#!/usr/bin/env python3
"""Converts a Project Wycheproof JSON test file into braid's record format.

  tests/vectors/wycheproof_to_txt.py IN.json > OUT.txt

Every test becomes one record: tcId, result, comment, flags and the group's
and test's hex fields, unchanged. The tests read the .txt files only.
"""
import json
import sys


def main():
    path = sys.argv[1]
    data = json.load(open(path))
    print(f"# Project Wycheproof, {path.split('/')[-1]} ({data['algorithm']}),")
    print("# github.com/C2SP/wycheproof testvectors_v1 at commit")
    print("# dac1dd4729fd1f8dd9e1e9f3dce51d783da6c166. Apache License 2.0: see")
    print("# wycheproof_LICENSE. Converted by wycheproof_to_txt.py; data unchanged.")
    for group in data["testGroups"]:
        shared = {k: v for k, v in group.items()
                  if k not in ("tests", "type", "source") and isinstance(v, (str, int))}
        for test in group["tests"]:
            print()
            print(f"tcId = {test['tcId']}")
            print(f"result = {test['result']}")
            print(f"comment = {test.get('comment', '')}")
            print(f"flags = {' '.join(test.get('flags', []))}")
            for k, v in sorted(shared.items()):
                print(f"{k} = {v}")
            for k, v in test.items():
                if k in ("tcId", "result", "comment", "flags"):
                    continue
                print(f"{k} = {v}")


if __name__ == "__main__":
    main()
