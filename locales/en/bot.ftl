## The bot's own words (English).

bot-start = Hi! I referee card games in group chats, starting with Svintus. Add me to a group and send /new there; your cards will arrive here, in our private chat.
bot-help = Commands: /new — open a game in a group, /help — this list.
