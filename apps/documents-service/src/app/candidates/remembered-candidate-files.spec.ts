import type { CandidateDirectory } from './candidate-directory';
import { RememberedCandidateFiles } from './remembered-candidate-files';

describe('RememberedCandidateFiles', () => {
  function counting() {
    const calls: string[] = [];
    const directory: CandidateDirectory = {
      find: async (code) => {
        calls.push(`find ${code}`);
        return null;
      },
      file: async (code, file) => {
        calls.push(`${file} ${code}`);
        return Buffer.from(`${code} ${file}`);
      },
    };
    return { directory, calls };
  }

  it('fetches a photo or signature once, and asks for the candidate every time', async () => {
    const { directory, calls } = counting();
    const remembered = new RememberedCandidateFiles(directory, 1024);
    expect((await remembered.file('KBE1', 'photo')).toString()).toBe('KBE1 photo');
    expect((await remembered.file('KBE1', 'photo')).toString()).toBe('KBE1 photo');
    expect((await remembered.file('KBE1', 'signature')).toString()).toBe('KBE1 signature');
    await remembered.find('KBE1');
    await remembered.find('KBE1');
    expect(calls).toEqual(['photo KBE1', 'signature KBE1', 'find KBE1', 'find KBE1']);
  });

  it('fetches again what its bound pushed out', async () => {
    const { directory, calls } = counting();
    const remembered = new RememberedCandidateFiles(directory, 15);
    await remembered.file('KBE1', 'photo');
    await remembered.file('KBE2', 'photo');
    await remembered.file('KBE1', 'photo');
    expect(calls).toEqual(['photo KBE1', 'photo KBE2', 'photo KBE1']);
  });

  it("forgets an erased candidate's files, and keeps none fetched while it was being erased", async () => {
    const { directory, calls } = counting();
    const remembered = new RememberedCandidateFiles(directory, 1024);
    await remembered.file('KBE1', 'photo');
    await remembered.file('KBE2', 'photo');
    const underWay = remembered.file('KBE1', 'signature');
    remembered.forget('KBE1');
    await underWay;
    await remembered.file('KBE1', 'photo');
    await remembered.file('KBE1', 'signature');
    await remembered.file('KBE2', 'photo');
    expect(calls).toEqual(['photo KBE1', 'photo KBE2', 'signature KBE1', 'photo KBE1', 'signature KBE1']);
  });
});
