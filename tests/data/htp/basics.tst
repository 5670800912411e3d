#-----------------------------------------------------------------------------
# shannon-verify htp: the protocol commands, moves, solving and the engine's own
# commands, in GoGui gtpregress format (written for this project).
#-----------------------------------------------------------------------------

10 protocol_version
#? [2]

20 name
#? [shannon-verify]

30 version
#? [[0-9][0-9a-z.+-]*]

40 known_command dfpn-solve-state
#? [true]

50 known_command frobnicate
#? [false]

60 list_commands
#? [.*\bgenmove\b.*\bdfpn-solve-state\b.*\bshannon-verify-openings\b.*]

# 3 columns, 2 rows: Black (top-bottom) needs two stones
100 boardsize 3 2
#? []

110 play b c1
#? []

120 play w A2
#? []

130 showboard
#? [\s*a  b  c\n 1  \.  \.  B  1\n  2  W  \.  \.  2\n\s*a  b  c\nblack to move \(2 moves played\)]

140 dfpn-solve-state black
#? [black]

150 dfpn-solve-state white
#? [black]

160 final_score
#? [cannot score]

170 undo
#? []

180 undo
#? []

190 showboard
#? [.*0 moves played.*]

# 3x3: the centre wins, the acute corner loses
200 boardsize 3
#? []

210 dfpn-solve-state
#? [black]

220 shannon-verify-openings b
#? [W W B\n B B B\n  B W W]

230 play b a1
#? []

240 dfpn-solve-state white
#? [white]

250 genmove w
#? [b2]

260 shannon-verify-genmove-status
#? [proved-win b2: .*]

270 genmove b
#? [resign]

280 shannon-verify-genmove-status
#? [proved-loss: .*]

290 final_score
#? [cannot score]

# dead cells: a1 is cut off by the white stones at b1 and a2
300 clear_board
#? []

310 play w b1
#? []

320 play w a2
#? []

330 shannon-verify-dead-cells
#? [a1]

340 shannon-verify-dead-cells
#? [!.*b2.*]

# a move on an occupied cell fails: the test below is marked as an expected failure
410 play b b1
#? []*

420 undo
#? []

430 undo
#? []

440 dfpn-clear-tt
#? []

450 shannon-verify-dead-cells
#? []

quit
