// Runs once, on the first start of an empty MongoDB (the official image runs the files of
// /docker-entrypoint-initdb.d with mongosh, as the root user). Every service gets its own
// user, allowed to read and write only its own database. The names and passwords are those
// of the services' own MONGO_URL secrets (`<service>_mongo_url`), mounted here as well, so
// each password exists in exactly one file.
const fs = require('fs');
const secrets = '/run/secrets';
for (const name of fs.readdirSync(secrets).filter((file) => file.endsWith('_mongo_url'))) {
  const url = new URL(fs.readFileSync(`${secrets}/${name}`, 'utf8').trim());
  const database = url.searchParams.get('authSource') || url.pathname.slice(1);
  const user = decodeURIComponent(url.username);
  db.getSiblingDB(database).createUser({
    user,
    pwd: decodeURIComponent(url.password),
    roles: [{ role: 'readWrite', db: database }],
  });
  print(`created MongoDB user ${user} for database ${database}`);
}
