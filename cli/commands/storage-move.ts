import { type Command, fail, megabytes } from '../command.ts';

export const storageMove: Command = {
  usage: `  storage move --to s3|disk    copy every stored file from DATA_DIR/files to the S3 bucket (S3_*), or
                               back; each copy checked by size and SHA-256; run again after a stop,
                               it copies only what is missing (stop the server first)`,
  async run({ config, values }) {
    const to = values.to;
    if (to !== 's3' && to !== 'disk') fail('storage move needs --to s3 or --to disk');
    if (!config.s3) fail('S3_BUCKET is not set: name the bucket (and S3_ENDPOINT, S3_REGION, the keys) in the environment, as for the server');
    const { DiskStorage } = await import('../../server/storage/storage.ts');
    const { S3Storage } = await import('../../server/storage/s3.ts');
    const { moveFiles } = await import('../../server/storage/move.ts');
    const disk = new DiskStorage(config.dataDir);
    const bucket = new S3Storage(config.dataDir, config.s3);
    const [from, into] = to === 's3' ? [disk, bucket] : [bucket, disk];
    try {
      await from.init();
      await into.init();
      // the disk side's temporary folder is this process's own: any other instance, here or on the bucket, is another process
      if ((await bucket.otherInstances()) > 1) fail(`a server or another lab command is running on ${config.dataDir} or ${bucket.where}: stop it first`);
      const s = await moveFiles(from, into, (line) => console.log(`copied ${line}`));
      console.log(
        `${s.objects} objects in ${into.where}, each checked by size and SHA-256: ${s.copied} copied now (${megabytes(s.bytes)}), ${s.alreadyThere} were there already.`,
      );
      console.log(
        to === 's3'
          ? `Start the server with the S3_* variables set. ${from.where} is left as it was: delete it once the site serves its files from the bucket.`
          : `Start the server without S3_BUCKET. The bucket is left as it was: empty it once the site serves its files from ${into.where}.`,
      );
    } catch (e) {
      console.error(`lab: the move stopped: ${(e as Error).message} (run it again: what was copied and checked is kept)`);
      process.exit(1);
    } finally {
      await from.close();
      await into.close();
    }
  },
};
